import type { Config, DOMPurify } from 'dompurify';

/**
 * The one allow-list of rich text (course, event and blog descriptions): the API sanitises what staff save
 * with it, and the site's display (`SafeHtml` in @agri/ui/rich-text) sanitises what it shows with it again.
 * Text formatting, links, lists, headings, images and tables. Everything else goes, notably `style` (it
 * would restyle the whole page), forms and their fields (a fake login inside a description), frames,
 * embeds, svg and math (mutation-XSS vectors), meta, link and base.
 */
export const RICH_TEXT_POLICY: Config = {
  ALLOWED_TAGS: [
    ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
    ...['a', 'img', 'figure', 'figcaption'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ],
  ALLOWED_ATTR: ['href', 'target', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'scope', 'start', 'lang', 'dir'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const isWeb = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';
const isLink = (url: URL) => isWeb(url) || url.protocol === 'mailto:' || url.protocol === 'tel:';

/** The URL as the browser would follow it from `page` (entities already decoded, case and whitespace normalised). */
function resolve(value: string, page: string): URL | null {
  try {
    return new URL(value, page);
  } catch {
    return null;
  }
}

/**
 * Links keep only http(s), mailto and tel; images only http(s) and site-relative paths (so no data: or
 * javascript:). A link to another origin than `page`'s can neither reach back through `window.opener` nor
 * learn the page address.
 */
function restrictUrls(node: Element, page: string): void {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    const url = href === null ? null : resolve(href, page);
    if (href !== null && !(url && isLink(url))) node.removeAttribute('href');
    if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
    if (url && isWeb(url) && url.origin !== new URL(page).origin) node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.tagName === 'IMG') {
    const src = node.getAttribute('src');
    const url = src === null ? null : resolve(src, page);
    if (src !== null && !(url && isWeb(url))) node.removeAttribute('src');
  }
}

/**
 * Sanitises to the policy with `purify`, an instance of its own (the hook must not touch other DOMPurify
 * users), for a page at `page()`: the browser's address, or the site's address on the server.
 */
export function richTextSanitiser(purify: DOMPurify, page: () => string): (html: string) => string {
  purify.addHook('afterSanitizeAttributes', (node) => restrictUrls(node, page()));
  return (html) => purify.sanitize(html, RICH_TEXT_POLICY);
}
