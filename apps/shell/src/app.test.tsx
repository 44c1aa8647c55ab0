import { setupApiForTests } from '@agri/api-client/testing';
import type { PageRoute } from '@agri/ui/federation';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { App } from './app';
import { useComposition } from './composition/composition-store';
import { loadRouteTable } from './federation/remotes';

jest.mock('./federation/remotes', () => ({ loadRouteTable: jest.fn(), resetRemote: jest.fn() }));
jest.mock('./reports/browser-reports', () => ({
  isReporting: () => false,
  report: jest.fn(),
  reportPageView: jest.fn(),
  reportError: jest.fn(),
  sourceOf: () => 'shell',
}));

beforeAll(() => setupApiForTests());

/** A route table that arrives when the test says so. */
function heldRouteTable() {
  let arrive!: (routes: PageRoute[]) => void;
  const table = new Promise<{ routes: PageRoute[] }>((resolve) => {
    arrive = (routes) => resolve({ routes });
  });
  return { table, arrive };
}

const page = (path: string, body: () => ReactElement, frame?: 'own'): PageRoute => ({
  path,
  head: { title: path, description: path, keywords: path },
  load: async () => ({ default: body }),
  ...(frame ? { frame } : {}),
});

function StaffSignIn() {
  return (
    <label>
      Staff email <input name="email" />
    </label>
  );
}

beforeEach(() => {
  useComposition.getState().configure({
    backoffice: { entry: '/releases/backoffice/1/remoteEntry.js', requires: {}, routes: ['/staff'] },
    content: { entry: '/releases/content/1/remoteEntry.js', requires: {}, routes: ['/about'] },
  });
});

test("a visit's first page shows no frame until its route says which (the back office's own, not the public one)", async () => {
  const backoffice = heldRouteTable();
  jest.mocked(loadRouteTable).mockReturnValue(backoffice.table);
  window.history.pushState({}, '', '/staff/login');
  void useComposition.getState().ensure('backoffice');
  render(<App />);

  expect(screen.getByText('Loading page')).toBeInTheDocument();
  // No public header or footer, so none of their fields (the newsletter's Email) to take what is typed.
  expect(screen.queryByRole('contentinfo')).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();

  await act(async () => backoffice.arrive([page('/staff/login', StaffSignIn, 'own')]));
  expect(await screen.findByRole('textbox', { name: 'Staff email' })).toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).toBeNull();
});

test('a later page keeps the frame it is in while its remote loads', async () => {
  const content = heldRouteTable();
  jest.mocked(loadRouteTable).mockReturnValue(content.table);
  window.history.pushState({}, '', '/');
  render(<App />);
  expect(await screen.findByRole('contentinfo')).toBeInTheDocument();

  await userEvent.click(screen.getAllByRole('link', { name: 'About Us' })[0]!);
  expect(await screen.findByText('Loading page')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();

  await act(async () => content.arrive([page('/about', () => <h1>About us</h1>)]));
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
});
