// What the shell and the prerenderer (tooling/prerender/prerender.mjs) agree on: the pages the shell lists, the
// page it renders, the hooks it hands the prerenderer, and window.__prerender, through which it hands them.
// No imports at all, not even of types: the tooling's type-checked JavaScript imports this module's types, and
// one import here would bring the shell's browser code (React, the composition store) into its program. The
// hooks themselves are prerender-hooks.tsx's.

/** A page to prerender: its path, and the remote whose route table declares it. */
export interface PagePath {
  path: string;
  remote: string;
}

/** The site's pages: the paths to prerender, and the route patterns of the pages rendered in the browser. */
export interface SitePages {
  pages: PagePath[];
  /** e.g. '/login', '/reset-password/:token': a path they match is a page; any other path without a page is not found. */
  clientRoutes: string[];
  /**
   * The routes of the prerendered pages, e.g. '/courses', '/course/:id': a path one matches that is not a page
   * is an item not found (a removed course), which its owner's page says in its own words ("Course not found").
   */
  pageRoutes: string[];
}

/** The page as the shell rendered it. `Page`: the shell's PrerenderedPage, which this module cannot import. */
export interface RenderedPage<Page = unknown> {
  /** The content of #root. */
  html: string;
  /** What the page was made from, for the shell that hydrates its islands. */
  page: Page;
  /** Data areas whose call failed: such a page is not kept. */
  failed: string[];
}

/** What the shell hands the prerenderer on window.__prerender. */
export interface PrerenderHooks<Page = unknown> {
  /** Every path to prerender, and every route rendered in the browser, from every remote's route table. */
  pages: () => Promise<SitePages>;
  /** The page as it is now, as HTML. */
  render: () => RenderedPage<Page>;
}

declare global {
  interface Window {
    /** `true` when the prerenderer opened the page (it sets it before any script runs); then the shell's hooks. */
    __prerender?: true | PrerenderHooks;
  }
}
