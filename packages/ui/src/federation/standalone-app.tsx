import { BrowserRouter, Link, Route, Routes } from '../router';
import { Button } from '../components/button';
import { PageHead } from '../components/page-head';
import { Spinner } from '../components/spinner';
import { StatusPanel } from '../components/status-panel';
import { ToastArea } from '../toasts/toast-area';
import { LazyMount } from './lazy-mount';
import type { PageRoute } from './page-route';

function StandalonePage({ route }: { route: PageRoute }) {
  return (
    <>
      <PageHead {...route.head} />
      <LazyMount
        moduleKey={route.path}
        load={route.load}
        loading={<Spinner label="Loading page" />}
        fallback={(retry) => (
          <StatusPanel title="This page could not be loaded" actions={<Button onClick={retry}>Retry</Button>}>
            See the console for the error.
          </StatusPanel>
        )}
      />
    </>
  );
}

/**
 * A remote's own page when it runs alone (its team's dev server): its routes
 * in a bare frame, without the shell.
 */
export function StandaloneApp({ remoteName, routes }: { remoteName: string; routes: PageRoute[] }) {
  return (
    <BrowserRouter>
      <header className="container" style={{ padding: 'var(--space-3) var(--space-4)' }}>
        <strong>{remoteName} remote, running alone</strong>
        <nav aria-label="Pages of this remote">
          {routes
            .filter((route) => !route.path.includes(':') && route.path !== '*')
            .map((route) => (
              <Link key={route.path} to={route.path} style={{ marginRight: 'var(--space-3)' }}>
                {route.path}
              </Link>
            ))}
        </nav>
      </header>
      <main>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<StandalonePage route={route} />} />
          ))}
          <Route path="*" element={<StatusPanel title="Page not found">This remote has no such page.</StatusPanel>} />
        </Routes>
      </main>
      <ToastArea />
    </BrowserRouter>
  );
}
