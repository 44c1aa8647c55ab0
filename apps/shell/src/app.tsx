import { BrowserRouter, Route, Routes } from '@agri/ui/router';
import { selectMountedRoutes, useComposition } from './composition/composition-store';
import { RemotePage } from './composition/remote-page';
import { UnmatchedRoute } from './composition/unmatched-route';
import { SiteLayout } from './frame/site-layout';
import { useShallow } from 'zustand/react/shallow';

/** The site: the frame around every route the remotes expose. */
export function App() {
  const routes = useComposition(useShallow(selectMountedRoutes));
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<SiteLayout />}>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<RemotePage route={route} />} />
          ))}
          <Route path="*" element={<UnmatchedRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
