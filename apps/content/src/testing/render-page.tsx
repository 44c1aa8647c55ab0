import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

/** Renders a page at `url` (matched against `path`) with a router and the toast container. */
export function renderPage(page: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}
