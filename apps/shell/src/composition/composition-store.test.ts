import type { PageRoute } from '@agri/ui/federation';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/bounded-loading-plugin';
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

test('a remote whose first load fails is tried once more, from a clean cache, before it is declared unavailable', async () => {
  loadRouteTableMock.mockRejectedValueOnce(new Error('connection reset'));
  loadRouteTableMock.mockImplementation(async (name) => ({ routes: [routeOf(`/${name}`)] }));

  await useComposition.getState().load('catalog');

  expect(selectMountedRoutes(useComposition.getState()).map((route) => route.path)).toEqual(['/catalog']);
  expect(loadRouteTableMock).toHaveBeenCalledTimes(2);
  expect(resetRemote).toHaveBeenCalledWith('catalog');
  expect(consoleError).not.toHaveBeenCalled();
});

test('a remote that failed twice is unavailable; one that used its whole time is not tried again', async () => {
  loadRouteTableMock.mockRejectedValue(new Error('refused'));
  await useComposition.getState().load('catalog');
  expect(loadRouteTableMock).toHaveBeenCalledTimes(2);
  expect(useComposition.getState().remotes.catalog).toEqual({ state: 'failed', reason: 'refused' });

  loadRouteTableMock.mockClear();
  const clock = jest.spyOn(Date, 'now').mockReturnValueOnce(0).mockReturnValue(REMOTE_LOAD_TIMEOUT_MS);
  loadRouteTableMock.mockRejectedValue(new Error('timed out'));
  await useComposition.getState().load('catalog');
  clock.mockRestore();
  expect(loadRouteTableMock).toHaveBeenCalledTimes(1);
  expect(useComposition.getState().remotes.catalog).toEqual({ state: 'failed', reason: 'timed out' });
});

test('Retry resets only the failed remotes and mounts them once they answer', async () => {
  loadRouteTableMock.mockImplementation(async (name) => {
    if (name === 'account') throw new Error('timeout');
    return { routes: [routeOf(`/${name}`)] };
  });
  await useComposition.getState().loadAll();
  loadRouteTableMock.mockImplementation(async (name) => ({ routes: [routeOf(`/${name}`)] }));
  jest.mocked(resetRemote).mockClear();

  await useComposition.getState().retryFailed();

  expect(resetRemote).toHaveBeenCalledTimes(1);
  expect(resetRemote).toHaveBeenCalledWith('account');
  expect(selectHasFailedRemote(useComposition.getState())).toBe(false);
  expect(selectMountedRoutes(useComposition.getState())).toHaveLength(3);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalledWith('[shell] remote "account" is unavailable:', new Error('timeout'));
});
