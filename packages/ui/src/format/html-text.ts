/** Elements whose content is not text a reader sees. */
const NOT_TEXT = 'script, style, template, noscript, iframe, object, svg, math';

/**
 * Plain text of server HTML, for previews and meta descriptions. The HTML is parsed into an inert document
 * (nothing in it runs or loads) and only its text is read, so no sanitiser is needed for it.
 */
export function htmlToText(html: string | null | undefined): string {
  const document = new DOMParser().parseFromString(html ?? '', 'text/html');
  document.querySelectorAll(NOT_TEXT).forEach((element) => element.remove());
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
