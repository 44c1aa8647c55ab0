// The shell's side of prerendering (tooling/prerender drives it from Chromium): loaded only when the
// prerenderer asks, so react-dom/server never reaches a visitor. The page is first rendered as a visitor's
// would be, data and all; React's server renderer then writes the same tree as a document with islands.
import { answersShownBy, snapshotDataAreas } from '@agri/api-client';
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
import { ANY_PATH } from '@agri/ui/island-protocol';
import { keepStylesAsData, type PrerenderedPage } from '../islands/page-state';
import type { PagePath, PrerenderHooks } from './prerender-contract';

/** React's hints for the first images, which it writes at the start of what it renders (the page's head has them). */
const LEADING_HINTS = /^(?:<link [^>]*>)*/;

/**
 * A document with islands: the page as HTML, each island written alone, in the frame and with the id prefix
 * it is hydrated with (islands.tsx), so that its HTML is what it will render in the browser; and the API answers
 * each island shows, by its place among the page's islands.
 */
function renderDocumentWithIslands(route: string): { html: string; answers: Record<number, string[]> } {
  const islands: { component: ComponentType<never>; props: object }[] = [];
  const collector: IslandCollector = { add: (island) => islands.push(island) - 1 };
  let html = renderToString(
    <IslandCollectorContext value={collector}>
      <App />
    </IslandCollectorContext>,
  );
  const answers: Record<number, string[]> = {};
  islands.forEach(({ component, props }, index) => {
    const Component = component as ComponentType<object>;
    const { result: island, answers: shown } = answersShownBy(() =>
      renderToString(
        <IslandFrame route={route}>
          <Component {...props} />
        </IslandFrame>,
        { identifierPrefix: islandIdPrefix(index) },
      ),
    );
    answers[index] = shown;
    html = html.replace(islandSlot(index), () => island.replace(LEADING_HINTS, ''));
  });
  return { html, answers };
}

/** The route of the page at `pathname` (`/blog/:id`); ANY_PATH for the page no route renders (not found). */
function routeOf(pathname: string): string {
  const route = selectMountedRoutes(useComposition.getState()).find((candidate) => matchPath(candidate.path, pathname));
  return route?.path ?? ANY_PATH;
}

export function prerenderHooks(config: SiteConfig): PrerenderHooks<PrerenderedPage> {
  return {
    pages: async () => {
      const composition = useComposition.getState();
      await Promise.all(Object.keys(config.remotes).map((name) => composition.ensure(name)));
      const pages: PagePath[] = [];
      const clientRoutes: string[] = [];
      const pageRoutes: string[] = [];
      for (const [remote, status] of Object.entries(useComposition.getState().remotes)) {
        if (status.state !== 'ready') throw new Error(`${remote} could not load: ${status.state === 'failed' ? status.reason : status.state}`);
        for (const route of status.routes) {
          if (!route.prerender) clientRoutes.push(route.path);
          else pageRoutes.push(route.path);
          if (route.prerender === true) pages.push({ path: route.path, remote });
          else if (route.prerender) for (const path of await route.prerender()) pages.push({ path, remote });
        }
      }
      return { pages, clientRoutes, pageRoutes };
    },
    render: () => {
      const route = routeOf(window.location.pathname);
      const { html: islandsHtml, answers } = renderDocumentWithIslands(route);
      const html = keepStylesAsData(islandsHtml);
      const { areas, failed } = snapshotDataAreas();
      // The page no route renders is made once, for every path that is not a page: that no remote's route
      // matches is said of every remote live now (a remote promoted since may have a page there).
      const notFound = route === ANY_PATH;
      const remotes = Object.fromEntries((notFound ? Object.keys(config.remotes) : loadedRemotes()).map((name) => [name, config.remotes[name]!.entry]));
      const page = { path: notFound ? ANY_PATH : window.location.pathname, remotes, dataAreas: areas, islands: { route, answers } };
      return { html, page, failed };
    },
  };
}
