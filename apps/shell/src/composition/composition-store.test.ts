import type { PageRoute } from '@agri/ui/federation';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/remote-timeout';
import { loadRouteTable, resetRemote } from '../federation/remotes';
import { selectMountedRoutes, selectOwnerOf, useComposition } from './composition-store';

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
  useComposition.getState().configure({
    content: { entry: '/releases/content/1/remoteEntry.js', requires: {}, routes: ['/', '/blogs'] },
    catalog: { entry: '/releases/catalog/1/remoteEntry.js', requires: {}, routes: ['/courses', '/course'] },
    account: { entry: '/releases/account/1/remoteEntry.js', requires: {}, routes: ['/login'] },
  });
});
afterEach(() => consoleError.mockRestore());

test('nothing is loaded until a route needs it; then only the owner of that route', async () => {
  loadRouteTableMock.mockImplementation(async (name) => ({ routes: [routeOf(`/${name}`)] }));
  const state = useComposition.getState();
  expect(Object.values(state.remotes)).toEqual([{ state: 'idle' }, { state: 'idle' }, { state: 'idle' }]);
  expect(selectOwnerOf('/course/42')(state)).toBe('catalog');
  expect(selectOwnerOf('/')(state)).toBe('content');
  expect(selectOwnerOf('/nowhere')(state)).toBeNull();

  await state.ensure('catalog');
  await state.ensure('catalog');

  expect(loadRouteTableMock).toHaveBeenCalledTimes(1);
  expect(loadRouteTableMock).toHaveBeenCalledWith('catalog');
  expect(useComposition.getState().remotes.content).toEqual({ state: 'idle' });
  expect(selectMountedRoutes(useComposition.getState()).map((route) => route.path)).toEqual(['/catalog']);
});

test('a remote that fails is marked, alone, and logged once', async () => {
  loadRouteTableMock.mockImplementation(async (name) => {
    if (name === 'catalog') throw new Error('manifest 500');
    return { routes: [routeOf(`/${name}`)] };
  });

  await Promise.all(['content', 'catalog', 'account'].map((name) => useComposition.getState().ensure(name)));

  const state = useComposition.getState();
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

test('Retry resets the failed remote and mounts it once it answers', async () => {
  loadRouteTableMock.mockRejectedValue(new Error('timeout'));
  await useComposition.getState().ensure('account');
  loadRouteTableMock.mockImplementation(async (name) => ({ routes: [routeOf(`/${name}`)] }));
  jest.mocked(resetRemote).mockClear();

  await useComposition.getState().retry('account');

  expect(resetRemote).toHaveBeenCalledTimes(1);
  expect(resetRemote).toHaveBeenCalledWith('account');
  expect(useComposition.getState().remotes.account?.state).toBe('ready');
  expect(selectMountedRoutes(useComposition.getState()).map((route) => route.path)).toEqual(['/account']);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalledWith('[shell] remote "account" is unavailable:', new Error('timeout'));
});
