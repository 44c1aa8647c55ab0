// @ts-check
// The HTML file of one prerendered page: the shell's client-rendered page (its index.html) with the page's
// head tags, its content, what the shell needs to hydrate its islands, the list of the code they load, and the
// island loader. The names it writes are the islands protocol's (packages/ui/src/federation/island-protocol.ts:
// PAGE_ELEMENT, PageState, PageCode).

import escapeHtml from 'escape-html';

/** The islands protocol's page elements (PAGE_ELEMENT.state, PAGE_ELEMENT.code), as the type-check holds them to its values. */
/** @type {typeof import('../../packages/ui/src/federation/island-protocol.js').PAGE_ELEMENT['state']} */
const PAGE_STATE = 'prerendered-page';
/** @type {typeof import('../../packages/ui/src/federation/island-protocol.js').PAGE_ELEMENT['code']} */
const PAGE_CODE = 'page-code';

/**
 * JSON inside <script type="application/json">: nothing in it can close the element or open a comment.
 *
 * @param {unknown} value
 */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A URL on the page's own origin, written from the root, so the page works on any origin that serves it.
 *
 * @param {string} url
 * @param {string} origin
 */
function pageRelative(url, origin) {
  const parsed = new URL(url);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

/**
 * @param {string} text
 * @param {string} search
 * @param {string} replacement
 */
function replaceOnce(text, search, replacement) {
  if (!text.includes(search)) throw new Error(`the shell's page has no ${search}: it cannot be prerendered`);
  return text.replace(search, () => replacement);
}

/**
 * @param {object} page
 * @param {string} page.template       the shell's index.html (client-rendered)
 * @param {string} page.loader         the shell's island loader, which the page carries inline (shellPage in
 *        tooling/build/island-loader.mjs reads both from a build of the shell)
 * @param {string} page.origin         the origin the page was made on (the site's URL)
 * @param {string} page.html           the content of #root
 * @param {object} page.state          what the page was made from (the islands protocol's PageState): what the shell reads to
 *        hydrate its islands
 * @param {{ title: string, description: string, keywords: string, canonical: string | null, image: string | null, siteName: string | null, noindex?: boolean }} page.head
 *        (canonical: null for the not-found page; noindex: the page asks to be no search result; image: the absolute URL of the picture a shared link shows;
 *        siteName: the site's name on it)
 * @param {{ href: string, dataRspack: string | null }[]} page.stylesheets   the page's style sheets, in order
 * @param {Record<string, string[]>} page.preloads  the scripts its islands' code will ask for (the shell's entry
 *        script aside), by owner (prerender.mjs's preloadsOf): the shell's chunks and the shared libraries', each
 *        remote's entry and chunks; an owner's fetched at once when one of its islands is needed
 */
export function pageHtml({ template, loader, origin, html, state, head, stylesheets, preloads }) {
  const headTags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<meta name="keywords" content="${escapeHtml(head.keywords)}">`,
    // The not-found page has no address of its own, and is no search result; nor is a page that says so (log in).
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    ...(!head.canonical || head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    // A link shared in a chat app or on a social network: the page's title, picture and description.
    `<meta property="og:type" content="website">`,
    ...(head.siteName ? [`<meta property="og:site_name" content="${escapeHtml(head.siteName)}">`] : []),
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    ...(head.canonical ? [`<meta property="og:url" content="${escapeHtml(head.canonical)}">`] : []),
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}">`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    ...(head.image ? [`<meta name="twitter:image" content="${escapeHtml(head.image)}">`] : []),
  ];
  const styleTags = stylesheets.map(
    ({ href, dataRspack }) =>
      // data-rspack lets the shell's chunk loader know the sheet is in, whatever origin serves the page.
      `<link rel="stylesheet" href="${escapeHtml(pageRelative(href, origin))}"${dataRspack ? ` data-rspack="${escapeHtml(dataRspack)}"` : ''}>`,
  );
  // React writes its hints for the page's first images (<link rel="preload" as="image">) at the start of
  // the content; in the head they are found at once, after the style sheets.
  const [imageHints = ''] = /^(?:<link [^>]*>)*/.exec(html) ?? []; // always matches (the empty string at least)
  // The shell's entry is asked for by the loader, with the rest of the page's code, when an island needs it.
  const entryTag = /<script defer src="([^"]+)"><\/script>/.exec(template);
  const entry = entryTag?.[1];
  if (!entryTag || !entry) throw new Error("the shell's page has no entry script: it cannot be prerendered");
  const code = {
    entry,
    // Beside the entry: in a release, in the release's folder (tooling/delivery/release.mjs).
    reports: entry.replace(/[^/]*$/, 'reports.js'),
    preloads: Object.fromEntries(Object.entries(preloads).map(([owner, urls]) => [owner, urls.map((url) => pageRelative(url, origin))])),
  };
  let page = template.replace(/<title>[^<]*<\/title>/, () => headTags.join('')).replace(entryTag[0], () => '');
  page = replaceOnce(page, '</head>', `${[...styleTags, imageHints].join('')}</head>`);
  // Nothing covers a page that is already there, and it reads without JavaScript.
  page = page.replace(/<div id="startup-spinner"[^>]*><div><\/div><\/div>/, '');
  page = page.replace(/<noscript>[^<]*<\/noscript>/, '');
  page = replaceOnce(
    page,
    '<div id="root"></div>',
    `<div id="root">${html.slice(imageHints.length)}</div><script type="application/json" id="${PAGE_STATE}">${scriptJson(state)}</script>` +
      `<script type="application/json" id="${PAGE_CODE}">${scriptJson(code)}</script><script>${loader}</script>`,
  );
  return page;
}
