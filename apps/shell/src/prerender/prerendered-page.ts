import { z, type DataAreaSnapshot } from '@agri/api-client';
import type { SiteConfig } from '../config/site-config';

/** The element of a prerendered page that says what it was made from (tooling/prerender writes it). */
export const PRERENDERED_PAGE_ID = 'prerendered-page';

/**
 * Where a prerendered page keeps the style attributes React wrote (a carousel's positions): the site's
 * Content-Security-Policy forbids inline style attributes in served HTML, so they travel as data and the page's
 * loader sets them through the DOM (tooling/prerender/island-loader.js), as React itself would have.
 */
export const PRERENDERED_STYLE = 'data-prerendered-style';

/**
 * Moves the style attributes of React's server HTML into PRERENDERED_STYLE. React escapes every quote in
 * text and attribute values, so ` style="` in its output can only start a style attribute.
 */
export const keepStylesAsData = (html: string): string => html.replaceAll(' style="', ` ${PRERENDERED_STYLE}="`);

/**
 * The path and route of the page made for every path that is not a page of the site (the not-found document,
 * which the static server answers such a path with): its islands are hydrated at whatever path it is served for.
 */
export const ANY_PATH = '*';

const prerenderedPageSchema = z.object({
  /** The path the page was made for (ANY_PATH: the not-found page). */
  path: z.string(),
  /** Each remote whose code made part of the page (every remote, for the not-found page), with the entry config.json named for it then. */
  remotes: z.record(z.string(), z.string()),
  /** What the page's data areas held (restoreDataAreas). */
  dataAreas: z.record(z.string(), z.object({ key: z.string(), data: z.unknown() })),
  /** The ETags of the API answers the page was made from, by URL: the shell asks whether they changed. */
  validators: z.optional(z.record(z.string(), z.string())),
  /** The hashes of the answers that came without an ETag: the page's loader confirms those by body. */
  answerHashes: z.optional(z.record(z.string(), z.string())),
  /** Its route (`/blog/:id`): only its islands are hydrated, each when it is needed, at this route. */
  islands: z.object({
    route: z.string(),
    /**
     * The URLs of the API answers each island shows, by its place (`data-island-index`): the page's loader wakes
     * an island only for a change in one of its own (a page made before they were noted wakes every such island).
     */
    answers: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type PrerenderedPage = z.infer<typeof prerenderedPageSchema> & { dataAreas: Record<string, DataAreaSnapshot> };

/**
 * The prerendered page this document holds, if the shell can hydrate its islands as they are: made for this path
 * with the releases config.json names now. After a promotion (until the pages are made again), in a
 * preview, or on a path the page was not made for, the page is rendered afresh instead.
 */
export function readPrerenderedPage(config: SiteConfig, pathname: string): PrerenderedPage | null {
  const element = document.getElementById(PRERENDERED_PAGE_ID);
  if (!element?.textContent) return null;
  let page: PrerenderedPage;
  try {
    page = prerenderedPageSchema.parse(JSON.parse(element.textContent));
  } catch (error) {
    console.warn('[shell] the prerendered page cannot be read; rendering it afresh:', error);
    return null;
  }
  const sameReleases = Object.entries(page.remotes).every(([name, entry]) => config.remotes[name]?.entry === entry);
  if (page.path === ANY_PATH) {
    // Not found by the remotes it was made with: a remote live since then may have a page at this path.
    const noNewRemote = Object.keys(config.remotes).every((name) => Object.hasOwn(page.remotes, name));
    return sameReleases && noNewRemote ? page : null;
  }
  return page.path === pathname && sameReleases ? page : null;
}
