// The HTML file of one prerendered page: the shell's client-rendered page (its index.html) with the page's
// head tags, its content, what the shell needs to take it over, and hints for everything it will load.

const escapeHtml = (text) => String(text).replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

/** JSON inside <script type="application/json">: nothing in it can close the element or open a comment. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A URL on the page's own origin, written from the root, so the page works on any origin that serves it. */
function pageRelative(url, origin) {
  const parsed = new URL(url);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

function replaceOnce(text, search, replacement) {
  if (!text.includes(search)) throw new Error(`the shell's page has no ${search}: it cannot be prerendered`);
  return text.replace(search, () => replacement);
}

/**
 * The one script a prerendered page carries inline (the policy allows it by its hash, security-headers.mjs):
 * it asks for the page's code once the content is painted and its first pictures are in, so that on a phone
 * the code neither delays the first paint nor shares the link with the pictures; at most 3 s after it runs
 * (a hidden tab paints nothing; a picture may hang). Then it asks for all of it at once, as preloads and the
 * shell's entry: one wave. (Asking for the entry first, at high priority, gave a Lighthouse TBT of 213–474 ms
 * on the five measured routes in the one bench:web run made of it, against 63–250 ms for this order in two
 * runs; the price of this order is that on a slow link the chunks arrive before the entry and wait for it,
 * which Chromium reports as preloads not used in time.)
 * What to ask for is the page's `#page-code` data.
 */
export const PAGE_CODE_LOADER = `(() => {
  const code = JSON.parse(document.getElementById('page-code').textContent);
  let asked = false;
  const askForCode = () => {
    if (asked) return;
    asked = true;
    for (const { url, as, cors } of code.preloads) {
      const hint = Object.assign(document.createElement('link'), { rel: 'preload', href: url, as });
      if (cors) hint.crossOrigin = 'anonymous';
      document.head.append(hint);
    }
    document.head.append(Object.assign(document.createElement('script'), { src: code.entry }));
  };
  const pictures = [...document.querySelectorAll('#root img[fetchpriority="high"]')].filter((img) => !img.complete);
  let waitingFor = pictures.length + 1;
  const arrived = () => {
    waitingFor -= 1;
    if (waitingFor === 0) setTimeout(askForCode);
  };
  for (const img of pictures) {
    img.addEventListener('load', arrived);
    img.addEventListener('error', arrived);
  }
  requestAnimationFrame(() => setTimeout(arrived));
  setTimeout(askForCode, 3000);
})();`;

/**
 * @param {object} page
 * @param {string} page.template       the shell's index.html (client-rendered)
 * @param {string} page.origin         the origin the page was made on (the site's URL)
 * @param {string} page.html           the content of #root
 * @param {object} page.state          what the shell reads to take the page over (PRERENDERED_PAGE_ID)
 * @param {{ title: string, description: string, keywords: string, canonical: string, image: string | null, siteName: string | null }} page.head
 *        (image: the absolute URL of the picture a shared link shows; siteName: the site's name on it)
 * @param {{ href: string, dataRspack: string | null }[]} page.stylesheets   the page's style sheets, in order
 * @param {{ url: string, as: 'script' | 'fetch', cors: boolean }[]} page.preloads  what its scripts will ask for
 *        (the shell's entry script aside)
 */
export function pageHtml({ template, origin, html, state, head, stylesheets, preloads }) {
  const headTags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<meta name="keywords" content="${escapeHtml(head.keywords)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    // A link shared in a chat app or on a social network: the page's title, picture and description.
    `<meta property="og:type" content="website">`,
    ...(head.siteName ? [`<meta property="og:site_name" content="${escapeHtml(head.siteName)}">`] : []),
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
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
  const [imageHints] = /^(?:<link [^>]*>)*/.exec(html);
  // The shell's entry is asked for by PAGE_CODE_LOADER, with the rest of the page's code, not by the head.
  const entryTag = /<script defer src="([^"]+)"><\/script>/.exec(template);
  if (!entryTag) throw new Error("the shell's page has no entry script: it cannot be prerendered");
  const code = {
    entry: entryTag[1],
    preloads: preloads.map(({ url, as, cors }) => ({ url: pageRelative(url, origin), as, cors })),
  };
  let page = template.replace(/<title>[^<]*<\/title>/, () => headTags.join('')).replace(entryTag[0], () => '');
  page = replaceOnce(page, '</head>', `${[...styleTags, imageHints].join('')}</head>`);
  // Nothing covers a page that is already there, and it reads without JavaScript.
  page = page.replace(/<div id="startup-spinner"[^>]*><div><\/div><\/div>/, '');
  page = page.replace(/<noscript>[^<]*<\/noscript>/, '');
  page = replaceOnce(
    page,
    '<div id="root"></div>',
    `<div id="root">${html.slice(imageHints.length)}</div><script type="application/json" id="prerendered-page">${scriptJson(state)}</script>` +
      `<script type="application/json" id="page-code">${scriptJson(code)}</script><script>${PAGE_CODE_LOADER}</script>`,
  );
  return page;
}
