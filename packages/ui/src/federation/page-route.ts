import type { ComponentType } from 'react';

/** What a page puts in the document head. */
export interface PageHeadInfo {
  title: string;
  description: string;
  keywords: string;
}

/**
 * One entry of the route table a remote exposes as `./routes`.
 * The shell mounts it in the site frame; the page itself loads lazily.
 */
export interface PageRoute {
  path: string;
  head: PageHeadInfo;
  load: () => Promise<{ default: ComponentType }>;
}

export interface RouteTableModule {
  routes: PageRoute[];
}
