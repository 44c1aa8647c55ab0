import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

/** Shows where the page navigated to, so tests can assert redirects. */
function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

interface RenderPageOptions {
  /** The URL the page opens at. */
  route?: string;
  /** The route pattern the page is mounted at (for params such as :token). */
  path?: string;
}

/** Renders a page in a router with the site's toast container, as the shell mounts it. */
export function renderPage(page: ReactElement, { route = '/', path }: RenderPageOptions = {}) {
  // No delay between keystrokes: the forms do not depend on typing speed, and the suite stays fast.
  const user = userEvent.setup({ delay: null });
  const pattern = path ?? route.split('?')[0] ?? '/';
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
      <CurrentLocation />
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
    </MemoryRouter>,
  );
  return { user, ...result };
}

export const locationOf = (container: { getByTestId: (id: string) => HTMLElement }) =>
  container.getByTestId('location').textContent;
