import type { PageRoute } from '@agri/ui/federation';
import { loadRouteTable, preloadEntry } from '../federation/remotes';
import { useComposition } from './composition-store';
import { fetchAhead } from './fetch-ahead';

jest.mock('../federation/remotes', () => ({
  loadRouteTable: jest.fn(),
  preloadEntry: jest.fn(),
  resetRemote: jest.fn(),
}));

const contactPage = { load: jest.fn(async () => ({ default: () => null })), prefetch: jest.fn() };
const contactRoute: PageRoute = {
  path: '/contact',
  head: { title: 'Contact', description: 'Contact', keywords: 'contact' },
  prerender: true,
  load: contactPage.load,
  prefetch: contactPage.prefetch,
};

/** The visitor's link as the browser tells it (the Network Information API). */
function linkIs(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(loadRouteTable).mockResolvedValue({ routes: [contactRoute] });
  useComposition.getState().configure({
    content: { entry: '/releases/content/1/remoteEntry.js', requires: {}, routes: ['/contact'] },
    catalog: { entry: '/releases/catalog/1/remoteEntry.js', requires: {}, routes: ['/courses'] },
  });
  linkIs({ effectiveType: '4g' });
});
afterAll(() => linkIs(undefined));

test('a link in view fetches its remote’s entry only; pointing at it brings the route table, the page’s code and data', async () => {
  await fetchAhead('/contact', false);
  expect(preloadEntry).toHaveBeenCalledWith('content');
  expect(loadRouteTable).not.toHaveBeenCalled();

  await fetchAhead('/contact', true);
  expect(loadRouteTable).toHaveBeenCalledWith('content');
  expect(contactPage.load).toHaveBeenCalledTimes(1);
  expect(contactPage.prefetch).toHaveBeenCalledWith({});
});

test.each([
  ['Save-Data', { saveData: true, effectiveType: '4g' }],
  ['a 2G link', { effectiveType: '2g' }],
  ['a slow 2G link', { effectiveType: 'slow-2g' }],
])('on %s nothing is fetched ahead, in view or pointed at', async (_name, connection) => {
  linkIs(connection);
  await fetchAhead('/contact', false);
  await fetchAhead('/contact', true);
  expect(preloadEntry).not.toHaveBeenCalled();
  expect(loadRouteTable).not.toHaveBeenCalled();
  expect(contactPage.load).not.toHaveBeenCalled();
});

test('a link to the page shown, or to no remote’s page, fetches nothing', async () => {
  window.history.pushState({}, '', '/contact');
  await fetchAhead('/contact', true);
  await fetchAhead('/nowhere', true);
  window.history.pushState({}, '', '/');
  expect(preloadEntry).not.toHaveBeenCalled();
  expect(loadRouteTable).not.toHaveBeenCalled();
});
