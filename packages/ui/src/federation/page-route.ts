import type { ComponentType } from 'react';
import type { PageHeadInfo } from '../components/page-head';

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
