// The shell's side of prerendering (tooling/prerender drives it from Chromium): loaded only when the
// prerenderer asks, so react-dom/server never reaches a visitor. The page is first rendered as a visitor's
// would be, data and all; React's server renderer then writes the same tree as a document with islands.
import { snapshotDataAreas } from '@agri/api-client';
import { IslandCollectorContext, islandSlot, type IslandCollector } from '@agri/ui/federation';
import { matchPath } from '@agri/ui/router';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../app';
import { selectMountedRoutes, useComposition } from '../composition/composition-store';
import { IslandFrame } from '../islands/island-frame';
import { islandIdPrefix } from '../islands/islands';
import type { SiteConfig } from '../config/site-config';
import { loadedRemotes } from '../federation/remotes';
import { keepStylesAsData, type PrerenderedPage } from './prerendered-page';

export interface PagePath {
  path: string;
  remote: string;
}

export interface RenderedPage {
  /** The content of #root. */
  html: string;
  /** What the page was made from, for the shell that hydrates its islands. */
  page: PrerenderedPage;
  /** Data areas whose call failed: such a page is not kept. */
  failed: string[];
}

/** The site's pages: the paths to prerender, and the route patterns of the pages rendered in the browser. */
export interface SitePages {
  pages: PagePath[];
  /** e.g. '/login', '/reset-password/:token': a path they match is a page; any other path without a page is not found. */
  clientRoutes: string[];
}

export interface PrerenderHooks {
  /** Every path to prerender, and every route rendered in the browser, from every remote's route table. */
  pages: () => Promise<SitePages>;
  /** The page as it is now, as HTML. */
  render: () => RenderedPage;
}

/** React's hints for the first images, which it writes at the start of what it renders (the page's head has them). */
const LEADING_HINTS = /^(?:<link [^>]*>)*/;

/**
 * A document with islands: the page as HTML, each island written alone, in the frame and with the id prefix
 * it is hydrated with (islands.tsx), so that its HTML is what it will render in the browser.
 */
function renderDocumentWithIslands(route: string): string {
  const islands: { component: ComponentType<never>; props: object }[] = [];
  const collector: IslandCollector = { add: (island) => islands.push(island) - 1 };
  let html = renderToString(
    <IslandCollectorContext value={collector}>
      <App />
    </IslandCollectorContext>,
  );
  islands.forEach(({ component, props }, index) => {
    const Component = component as ComponentType<object>;
    const island = renderToString(
      <IslandFrame route={route}>
        <Component {...props} />
      </IslandFrame>,
      { identifierPrefix: islandIdPrefix(index) },
    );
    html = html.replace(islandSlot(index), () => island.replace(LEADING_HINTS, ''));
  });
  return html;
}

/** The route of the page at `pathname` (`/blog/:id`). */
function routeOf(pathname: string): string {
  const route = selectMountedRoutes(useComposition.getState()).find((candidate) => matchPath(candidate.path, pathname));
  if (!route) throw new Error(`no route of the site's renders ${pathname}`);
  return route.path;
}

export function prerenderHooks(config: SiteConfig): PrerenderHooks {
  return {
    pages: async () => {
      const composition = useComposition.getState();
      await Promise.all(Object.keys(config.remotes).map((name) => composition.ensure(name)));
      const pages: PagePath[] = [];
      const clientRoutes: string[] = [];
      for (const [remote, status] of Object.entries(useComposition.getState().remotes)) {
        if (status.state !== 'ready') throw new Error(`${remote} could not load: ${status.state === 'failed' ? status.reason : status.state}`);
        for (const route of status.routes) {
          if (route.prerender === true) pages.push({ path: route.path, remote });
          else if (route.prerender) for (const path of await route.prerender()) pages.push({ path, remote });
          else clientRoutes.push(route.path);
        }
      }
      return { pages, clientRoutes };
    },
    render: () => {
      const route = routeOf(window.location.pathname);
      const html = keepStylesAsData(renderDocumentWithIslands(route));
      const { areas, failed } = snapshotDataAreas();
      const remotes = Object.fromEntries(loadedRemotes().map((name) => [name, config.remotes[name]!.entry]));
      const page = { path: window.location.pathname, remotes, dataAreas: areas, islands: { route } };
      return { html, page, failed };
    },
  };
}
