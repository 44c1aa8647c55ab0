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
 * @param {object} page
 * @param {string} page.template       the shell's index.html (client-rendered)
 * @param {string} page.origin         the origin the page was made on (the site's URL)
 * @param {string} page.html           the content of #root
 * @param {object} page.state          what the shell reads to take the page over (PRERENDERED_PAGE_ID)
 * @param {{ title: string, description: string, keywords: string, canonical: string }} page.head
 * @param {{ href: string, dataRspack: string | null }[]} page.stylesheets   the page's style sheets, in order
 * @param {{ url: string, as: 'script' | 'fetch', cors: boolean }[]} page.preloads  what its scripts will ask for
 */
export function pageHtml({ template, origin, html, state, head, stylesheets, preloads }) {
  const headTags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<meta name="keywords" content="${escapeHtml(head.keywords)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
  ];
  const styleTags = stylesheets.map(
    ({ href, dataRspack }) =>
      // data-rspack lets the shell's chunk loader know the sheet is in, whatever origin serves the page.
      `<link rel="stylesheet" href="${escapeHtml(pageRelative(href, origin))}"${dataRspack ? ` data-rspack="${escapeHtml(dataRspack)}"` : ''}>`,
  );
  // React writes its hints for the page's first images (<link rel="preload" as="image">) at the start of
  // the content; in the head they are found before the code's preloads rather than after all of them.
  const [imageHints] = /^(?:<link [^>]*>)*/.exec(html);
  // The code comes in the same wave as the style sheets, but after them and the page's images: the content
  // is on screen without it, and a phone's link carries one thing at a time.
  const preloadTags = preloads.map(
    ({ url, as, cors }) =>
      `<link rel="preload" href="${escapeHtml(pageRelative(url, origin))}" as="${as}"${cors ? ' crossorigin="anonymous"' : ''}${as === 'script' ? ' fetchpriority="low"' : ''}>`,
  );
  let page = template.replace(/<title>[^<]*<\/title>/, () => headTags.join(''));
  page = replaceOnce(page, '</head>', `${[...styleTags, imageHints, ...preloadTags].join('')}</head>`);
  // Nothing covers a page that is already there, and it reads without JavaScript.
  page = page.replace(/<div id="startup-spinner"[^>]*><div><\/div><\/div>/, '');
  page = page.replace(/<noscript>[^<]*<\/noscript>/, '');
  page = replaceOnce(
    page,
    '<div id="root"></div>',
    `<div id="root">${html.slice(imageHints.length)}</div><script type="application/json" id="prerendered-page">${scriptJson(state)}</script>`,
  );
  return page;
}
