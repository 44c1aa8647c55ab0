import { markPageTakenOver } from '@agri/api-client';
import { BrowserRouter, Route, Routes, useLocation } from '@agri/ui/router';
import { selectMountedRoutes, selectOwnerOf, useComposition } from './composition/composition-store';
import { PageLoading, RemotePage } from './composition/remote-page';
import { UnmatchedRoute } from './composition/unmatched-route';
import { OwnFrame } from './frame/own-frame';
import { SiteLayout } from './frame/site-layout';
import { reportPageView } from './reports/browser-reports';
import { measureVitalsLater } from './reports/measure-vitals';
import { useEffect, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PageRoute } from '@agri/ui/federation';

/**
 * Marks the document once the shell has taken the page over (rendered it, or hydrated a prerendered one):
 * from then on its controls answer, and the data a prerendered page carried is asked for again. The
 * prerenderer and the e2e suites wait for `data-shell` (which says 'config-error' or 'failed' when the shell
 * could not start).
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.shell = 'ready';
    markPageTakenOver();
  }, []);
  return null;
}

/** A page view for each path the visitor sees; the vitals once the page is interactive. */
function ReportPageViews() {
  const { pathname } = useLocation();
  useEffect(() => reportPageView(), [pathname]);
  useEffect(() => measureVitalsLater(), []);
  return null;
}

/**
 * The first page of a visit, while the route table of the remote that owns it is on its way: the loading state
 * alone. Only its route says which frame the page has (the public one, or its own as the back office's): the
 * public header and footer shown and then taken away would flash, and a field in them (the newsletter's Email)
 * could take what was typed for the page. A later page keeps the frame it is in while its remote loads.
 */
function FirstPageOnceItsFrameIsKnown({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const owner = useComposition(selectOwnerOf(pathname));
  const ownerLoading = useComposition((state) => owner !== null && state.remotes[owner]?.state === 'loading');
  const [framed, setFramed] = useState(!ownerLoading);
  if (!framed && !ownerLoading) setFramed(true);
  return framed || !ownerLoading ? children : <PageLoading />;
}

const mount = (route: PageRoute) => <Route key={route.path} path={route.path} element={<RemotePage route={route} />} />;

/** The site: the frame around every route the remotes expose, the public one unless a route brings its own. */
export function App() {
  const routes = useComposition(useShallow(selectMountedRoutes));
  return (
    <BrowserRouter>
      <FirstPageOnceItsFrameIsKnown>
        <Routes>
          <Route element={<OwnFrame />}>{routes.filter((route) => route.frame === 'own').map(mount)}</Route>
          <Route element={<SiteLayout />}>
            {routes.filter((route) => route.frame !== 'own').map(mount)}
            <Route path="*" element={<UnmatchedRoute />} />
          </Route>
        </Routes>
      </FirstPageOnceItsFrameIsKnown>
      <MarkReady />
      <ReportPageViews />
    </BrowserRouter>
  );
}
