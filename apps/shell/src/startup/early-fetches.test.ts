import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fetchEarly } from './early-fetches';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.head.replaceChildren();
});
afterAll(() => server.close());

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [link.getAttribute('as'), (link as HTMLLinkElement).href]);

test('config.json, then the entry script of the remote that owns the page, are asked for at once', async () => {
  window.history.pushState({}, '', '/course/42');
  server.use(
    http.get('http://localhost/config.json', () =>
      HttpResponse.json({
        remotes: {
          content: { entry: '/releases/content/v1/remoteEntry.js', routes: ['/', '/blogs'] },
          catalog: { entry: '/releases/catalog/v2/remoteEntry.js', routes: ['/courses', '/course'] },
        },
      }),
    ),
  );
  const config = await fetchEarly();
  expect(config).toMatchObject({ remotes: { catalog: { routes: ['/courses', '/course'] } } });
  await new Promise((done) => setTimeout(done, 0));
  expect(preloads()).toEqual([['script', 'http://localhost/releases/catalog/v2/remoteEntry.js']]);
});

test('on a document with islands, config.json as its loader read it: nothing is asked for again', async () => {
  const config = { remotes: { catalog: { entry: '/releases/catalog/v2/remoteEntry.js', routes: ['/courses', '/course'] } } };
  window.agriIslands = { config } as unknown as NonNullable<typeof window.agriIslands>;
  try {
    // onUnhandledRequest: 'error' fails the test on any request.
    expect(await fetchEarly()).toBe(config);
    expect(preloads()).toEqual([]);
  } finally {
    delete window.agriIslands;
  }
});

test('a config.json that names no owner for the page, or no usable entry, starts nothing more', async () => {
  window.history.pushState({}, '', '/no-such-page');
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json({ remotes: { catalog: { entry: 42, routes: '/x' } } })));
  await fetchEarly();
  window.history.pushState({}, '', '/courses');
  server.use(
    http.get('http://localhost/config.json', () => HttpResponse.json({ remotes: { catalog: { entry: 'javascript:alert(1)', routes: ['/courses'] } } })),
  );
  await fetchEarly();
  await new Promise((done) => setTimeout(done, 0));
  expect(preloads()).toEqual([]);
});
