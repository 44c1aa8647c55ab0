import type { SiteConfig } from '../config/site-config';
import { ANY_PATH, PAGE_ELEMENT } from '@agri/ui/island-protocol';
import { keepStylesAsData, readPrerenderedPage } from './page-state';

const config = {
  remotes: {
    catalog: { entry: '/releases/catalog/v2/remoteEntry.js', requires: {}, routes: ['/courses'] },
    content: { entry: '/releases/content/v1/remoteEntry.js', requires: {}, routes: ['/'] },
  },
  api: { apiBaseUrl: 'http://localhost:4000/api/', requestsApiBaseUrl: 'http://localhost:4000/requests/', chatNumber: '254722000000' },
} as SiteConfig;

const page = {
  path: '/courses',
  remotes: { catalog: '/releases/catalog/v2/remoteEntry.js' },
  dataAreas: { 'catalog/courses': { key: '[]', data: [{ title: 'HACCP' }] } },
  islands: { route: '/courses' },
};

function servePage(state: unknown) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${PAGE_ELEMENT.state}"></script>`;
  document.getElementById(PAGE_ELEMENT.state)!.textContent = typeof state === 'string' ? state : JSON.stringify(state);
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('a page made for this path with the releases that are live has its islands hydrated', () => {
  servePage(page);
  expect(readPrerenderedPage(config, '/courses')).toEqual(page);
});

test('a page made with another release, for another path, or without a state is rendered afresh', () => {
  servePage({ ...page, remotes: { catalog: '/releases/catalog/v1/remoteEntry.js' } });
  expect(readPrerenderedPage(config, '/courses')).toBeNull();
  servePage(page);
  expect(readPrerenderedPage(config, '/events')).toBeNull();
  document.body.innerHTML = '<div id="root"></div>';
  expect(readPrerenderedPage(config, '/courses')).toBeNull();
});

test('the not-found page, made once for every path that is not a page, has its islands hydrated at any path, with the live releases only', () => {
  const remotes = { catalog: '/releases/catalog/v2/remoteEntry.js', content: '/releases/content/v1/remoteEntry.js' };
  const notFound = { path: ANY_PATH, remotes, dataAreas: {}, islands: { route: ANY_PATH } };
  servePage(notFound);
  expect(readPrerenderedPage(config, '/no-such-page')).toEqual(notFound);
  expect(readPrerenderedPage(config, '/old/link/to/a/course')).toEqual(notFound);
  servePage({ ...notFound, remotes: { ...remotes, content: '/releases/content/v0/remoteEntry.js' } });
  expect(readPrerenderedPage(config, '/no-such-page')).toBeNull();
  // A remote promoted since it was made may have a page at this path: the shell renders it afresh.
  servePage({ ...notFound, remotes: { content: remotes.content } });
  expect(readPrerenderedPage(config, '/notices')).toBeNull();
});

test('a page made once for its route (a reset link’s) has its islands hydrated at each path of the route, and no other', () => {
  const reset = {
    path: '/reset-password/:token',
    remotes: { catalog: config.remotes.catalog!.entry },
    dataAreas: {},
    islands: { route: '/reset-password/:token' },
  };
  servePage(reset);
  expect(readPrerenderedPage(config, '/reset-password/a1b2c3d4')).toEqual(reset);
  expect(readPrerenderedPage(config, '/reset-password/a1b2c3d4/more')).toBeNull();
  expect(readPrerenderedPage(config, '/confirm-email/a1b2c3d4')).toBeNull();
  // A page made for one item is that item's alone.
  servePage({ ...page, path: '/course/1', islands: { route: '/course/:id' } });
  expect(readPrerenderedPage(config, '/course/2')).toBeNull();
});

test('a state that cannot be read is rendered afresh, and said', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  servePage('{"path": 42');
  expect(readPrerenderedPage(config, '/courses')).toBeNull();
  servePage({ path: '/courses' });
  expect(readPrerenderedPage(config, '/courses')).toBeNull();
  // Made before every prerendered page was a document with islands (a copy kept offline): no route to hydrate at.
  const { islands: _route, ...takenOverWhole } = page;
  servePage(takenOverWhole);
  expect(readPrerenderedPage(config, '/courses')).toBeNull();
  expect(warn).toHaveBeenCalledTimes(3);
  warn.mockRestore();
});

test("React's style attributes travel as data (the page's loader gives them back through the DOM)", () => {
  const html = keepStylesAsData('<div class="slick-track" style="width:400%;left:-100%"><p>“style=&quot;x&quot;” in text</p></div>');
  expect(html).toBe('<div class="slick-track" data-prerendered-style="width:400%;left:-100%"><p>“style=&quot;x&quot;” in text</p></div>');
});
