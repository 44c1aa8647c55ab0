import { Suspense } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { PageHead } from '../components/page-head';
import { Spinner } from '../components/spinner';
import { StatusPanel } from '../components/status-panel';
import { lazyModule } from './lazy-module';
import type { PageRoute } from './page-route';

function StandalonePage({ route }: { route: PageRoute }) {
  const Page = lazyModule(route.path, route.load);
  return (
    <>
      <PageHead {...route.head} />
      <Suspense fallback={<Spinner label="Loading page" />}>
        {/* eslint-disable-next-line react-hooks/static-components -- lazyModule returns the same component for the same key */}
        <Page />
      </Suspense>
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
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
    </BrowserRouter>
  );
}
