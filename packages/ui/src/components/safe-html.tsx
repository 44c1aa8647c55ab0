import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/**
 * What server rich text may hold: text formatting, links, lists, headings,
 * images and tables. Everything else goes, notably `style` (it would restyle
 * the whole page), forms and their fields (a fake login inside a description),
 * frames, embeds, svg and math (mutation-XSS vectors), meta, link and base.
 */
const RICH_TEXT: Config = {
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

/** The URL as the browser would follow it (entities already decoded, case and whitespace normalised). */
function resolve(value: string): URL | null {
  try {
    return new URL(value, window.location.href);
  } catch {
    return null;
  }
}

/**
 * Links keep only http(s), mailto and tel; images only http(s) and site-relative
 * paths (so no data: or javascript:). A link to another origin can neither
 * reach back through `window.opener` nor learn the page address.
 */
function restrictUrls(node: Element): void {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    const url = href === null ? null : resolve(href);
    if (href !== null && !(url && isLink(url))) node.removeAttribute('href');
    if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
    if (url && isWeb(url) && url.origin !== window.location.origin) {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  } else if (node.tagName === 'IMG') {
    const src = node.getAttribute('src');
    const url = src === null ? null : resolve(src);
    if (src !== null && !(url && isWeb(url))) node.removeAttribute('src');
  }
}

// An instance of its own, so the hook never touches other DOMPurify users (htmlToText below, or any library).
const richText = DOMPurify(window);
richText.addHook('afterSanitizeAttributes', restrictUrls);

interface SafeHtmlProps {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section' | 'article';
}

/**
 * The only way server HTML reaches the page: sanitised to the rich-text
 * allow-list above, so scripts, event handlers, javascript: URLs, styles and
 * forms never arrive. `data-server-html` marks the container for the XSS suite.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => richText.sanitize(html ?? '', RICH_TEXT), [html]);
  return <Tag className={className} data-server-html="" dangerouslySetInnerHTML={{ __html: clean }} />;
}
