import type { ComponentType } from 'react';
import type { PageHeadInfo } from '../components/page-head';

/** A page's path parameters, as the router matched them (`/course/:id` → `{ id }`). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * One entry of the route table a remote exposes as `./routes`.
 * The shell mounts it in the site frame; the page itself loads lazily.
 */
export interface PageRoute {
  path: string;
  head: PageHeadInfo;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Asks for the page's data ahead, as soon as the route is known (while its code loads) or the visitor shows
   * the intent to follow a link to it: the data area's `prefetch`, which keeps the answer aside for the page's
   * own `load` and leaves the page shown as it is.
   */
  prefetch?: (params: RouteParams) => void;
  /**
   * A public page served as prerendered HTML, a document with islands (docs/composition.md, "Islands"): never taken
   * over whole, only its `Island`s, each when it is needed. `true` for a path without parameters; for one with
   * (`/course/:id`), the paths to make, e.g. one per course. Pages without it are rendered in the browser.
   */
  prerender?: true | (() => Promise<string[]>);
  /**
   * The frame around the page: 'site' (the default) is the public header, side menu and footer; 'own' is
   * none of them, for pages that bring a working layout of their own (the back office). The shell keeps the
   * toasts and the preview banner around either.
   */
  frame?: 'site' | 'own';
}

export interface RouteTableModule {
  routes: PageRoute[];
}
