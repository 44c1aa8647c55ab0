import { z, type DataAreaSnapshot } from '@agri/api-client';
import { madeForEveryPath, madeWithLive, PAGE_ELEMENT, PRERENDERED_STYLE, type PageState } from '@agri/ui/island-protocol';
import { matchPath } from '@agri/ui/router';
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
 * (or for every path of its route: the not-found page, a reset link's page) with the releases config.json names now. After a promotion (until the pages
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
  const madeForThisPath = page.path === pathname || (madeForEveryPath(page) && matchPath(page.path, pathname) !== null);
  return madeForThisPath && madeWithLive(page, config.remotes) ? page : null;
}
