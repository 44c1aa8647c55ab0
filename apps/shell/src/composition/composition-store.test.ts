import type { PageRoute } from '@agri/ui';
import { loadRouteTable, resetRemote } from '../federation/remotes';
import { selectHasFailedRemote, selectIsSettled, selectMountedRoutes, useComposition } from './composition-store';

jest.mock('../federation/remotes', () => ({
  loadRouteTable: jest.fn(),
  resetRemote: jest.fn(),
}));

const loadRouteTableMock = jest.mocked(loadRouteTable);
const routeOf = (path: string): PageRoute => ({
  path,
  head: { title: path, description: path, keywords: path },
  load: async () => ({ default: () => null }),
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // Each test makes a remote fail, which the store logs.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  loadRouteTableMock.mockReset();
  jest.mocked(resetRemote).mockReset();
  useComposition.setState(useComposition.getInitialState());
});
afterEach(() => consoleError.mockRestore());

test('mounts the routes of every remote that loads, and marks the one that fails', async () => {
  loadRouteTableMock.mockImplementation(async (name) => {
    if (name === 'catalog') throw new Error('manifest 500');
    return { routes: [routeOf(`/${name}`)] };
  });
  expect(selectIsSettled(useComposition.getState())).toBe(false);

  await useComposition.getState().loadAll();

  const state = useComposition.getState();
  expect(selectIsSettled(state)).toBe(true);
  expect(selectHasFailedRemote(state)).toBe(true);
  expect(state.remotes.catalog).toEqual({ state: 'failed', reason: 'manifest 500' });
  expect(selectMountedRoutes(state).map((route) => route.path)).toEqual(['/content', '/account']);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalledWith('[shell] remote "catalog" is unavailable:', new Error('manifest 500'));
});

test('Retry resets only the failed remotes and mounts them once they answer', async () => {
  loadRouteTableMock.mockImplementation(async (name) => {
    if (name === 'account') throw new Error('timeout');
    return { routes: [routeOf(`/${name}`)] };
  });
  await useComposition.getState().loadAll();
  loadRouteTableMock.mockImplementation(async (name) => ({ routes: [routeOf(`/${name}`)] }));

  await useComposition.getState().retryFailed();

  expect(resetRemote).toHaveBeenCalledTimes(1);
  expect(resetRemote).toHaveBeenCalledWith('account');
  expect(selectHasFailedRemote(useComposition.getState())).toBe(false);
  expect(selectMountedRoutes(useComposition.getState())).toHaveLength(3);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalledWith('[shell] remote "account" is unavailable:', new Error('timeout'));
});
