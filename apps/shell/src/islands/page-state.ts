import { z, type DataAreaSnapshot } from '@agri/api-client';
import { ANY_PATH, madeWithLive, PAGE_ELEMENT, PRERENDERED_STYLE, type PageState } from '@agri/ui/island-protocol';
import type { SiteConfig } from '../config/site-config';

/**
 * Moves the style attributes of React's server HTML into PRERENDERED_STYLE (the loader sets them back). React
 * escapes every quote in text and attribute values, so ` style="` in its output can only start a style attribute.
 */
export const keepStylesAsData = (html: string): string => html.replaceAll(' style="', ` ${PRERENDERED_STYLE}="`);

/** The islands protocol's PageState, checked as the shell reads it. */
const pageStateSchema = z.object({
  path: z.string(),
  remotes: z.record(z.string(), z.string()),
  dataAreas: z.record(z.string(), z.object({ key: z.string(), data: z.unknown() })),
  validators: z.optional(z.record(z.string(), z.string())),
  answerHashes: z.optional(z.record(z.string(), z.string())),
  islands: z.object({ route: z.string(), answers: z.optional(z.record(z.string(), z.array(z.string()))) }),
}) satisfies z.ZodType<PageState>;
export type PrerenderedPage = PageState & { dataAreas: Record<string, DataAreaSnapshot> };

/**
 * The prerendered page this document holds, if the shell can hydrate its islands as they are: made for this path
 * (or the not-found page, at any path) with the releases config.json names now. After a promotion (until the pages
 * are made again), in a preview, or on a path the page was not made for, the page is rendered afresh instead.
 */
export function readPrerenderedPage(config: SiteConfig, pathname: string): PrerenderedPage | null {
  const element = document.getElementById(PAGE_ELEMENT.state);
  if (!element?.textContent) return null;
  let page: PrerenderedPage;
  try {
    page = pageStateSchema.parse(JSON.parse(element.textContent));
  } catch (error) {
    console.warn('[shell] the prerendered page cannot be read; rendering it afresh:', error);
    return null;
  }
  return (page.path === ANY_PATH || page.path === pathname) && madeWithLive(page, config.remotes) ? page : null;
}
