import { keepToastsForNextPage, useInteractive } from '@agri/ui';
import { InsideIslandContext, MountBoundary } from '@agri/ui/federation';
import { Route, Router, Routes, createPath, type Navigator, type To } from '@agri/ui/router';
import { useEffect, useState, type ReactNode } from 'react';
import { UnavailablePanel } from '../composition/unavailable-panel';

/**
 * On a document with islands there is no application to move in: every move is a load of the next page, which
 * shows the toasts the move followed ('User Logged in Successfully!'), kept as this page goes (an action's toast
 * may come after the render that moves on).
 */
const loadNext = (to: To, load: (url: string) => void) => {
  addEventListener('pagehide', keepToastsForNextPage, { once: true });
  load(typeof to === 'string' ? to : createPath(to));
};
const fullLoads: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  push: (to) => loadNext(to, (url) => window.location.assign(url)),
  replace: (to) => loadNext(to, (url) => window.location.replace(url)),
  go: (delta) => window.history.go(delta),
};

interface IslandFrameProps {
  /** The page's route (`/blog/:id`), so that an island reads the path's parameters as the page does. */
  route: string;
  children: ReactNode;
  /** Once the island is hydrated (not while prerendering). */
  onHydrated?: () => void;
}

/**
 * Says when the island answers: after the render that follows hydration, in which its controls stop being
 * disabled (useInteractive); a tap carried out earlier would find its button disabled, and be lost.
 */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  const interactive = useInteractive();
  useEffect(() => {
    if (interactive) onHydrated();
  }, [interactive, onHydrated]);
  return null;
}

const reportFailure = (error: unknown) => console.error('[shell] an island failed:', error);

/**
 * What every island is rendered in, by the prerenderer and in the browser alike: the router, at this page, and a
 * boundary, so that an island that throws costs only its own part of the page (with Retry).
 */
export function IslandFrame({ route, children, onHydrated }: IslandFrameProps) {
  const { pathname, search, hash } = window.location;
  const [attempt, setAttempt] = useState(0);
  return (
    <InsideIslandContext value={true}>
      <Router location={{ pathname, search, hash }} navigator={fullLoads}>
        <MountBoundary
          key={attempt}
          fallback={(retry) => <UnavailablePanel onRetry={retry} />}
          onRetry={() => setAttempt((n) => n + 1)}
          onError={reportFailure}
        >
          <Routes>
            <Route path={route} element={children} />
          </Routes>
        </MountBoundary>
      </Router>
      {onHydrated ? <Hydrated onHydrated={onHydrated} /> : null}
    </InsideIslandContext>
  );
}
