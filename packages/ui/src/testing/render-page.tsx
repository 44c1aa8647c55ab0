import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastArea } from '../toasts/toast-area';

/** Shows where the page navigated to, so tests can assert redirects (`getByTestId('location')`). */
function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/**
 * Renders pages by route pattern, opened at `route`, in a router with the site's toast container, as
 * the shell mounts them; any other path shows 'Another page'. Returns a user-event `user` too.
 */
export function renderRoutes(pages: Record<string, ReactElement>, route = '/') {
  // No delay between keystrokes: the forms do not depend on typing speed, and the suites stay fast.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        {Object.entries(pages).map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
      <CurrentLocation />
      <ToastArea />
    </MemoryRouter>,
  );
  return { user, ...result };
}

interface RenderPageOptions {
  /** The URL the page opens at. */
  route?: string;
  /** The route pattern the page is mounted at (for params such as :id); the route's path by default. */
  path?: string;
}

/** Renders one page at `route` (matched against `path`). */
export function renderPage(page: ReactElement, { route = '/', path }: RenderPageOptions = {}) {
  return renderRoutes({ [path ?? route.split('?')[0] ?? '/']: page }, route);
}
