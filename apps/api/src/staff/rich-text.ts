import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { richTextSanitiser } from '@agri/api-client/rich-text-policy';

let sanitise: ((html: string) => string) | null = null;

/**
 * What staff write in a rich-text field, sanitised before it is stored with the allow-list the site's display
 * uses (`RICH_TEXT_POLICY`, one source for both), for pages at `siteUrl`. The DOM it needs is made on first use.
 */
export function sanitiseRichText(html: string, siteUrl: string): string {
  sanitise ??= richTextSanitiser(createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis), () => `${siteUrl}/`);
  return sanitise(html);
}
