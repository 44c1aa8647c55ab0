import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fetchEarly, takeEarlyManifest } from './early-fetches';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

test("config.json, then the manifest of the remote that owns the page, are asked for at once; each is taken once", async () => {
  window.history.pushState({}, '', '/course/42');
  const asked: string[] = [];
  server.use(
    http.get('http://localhost/config.json', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json({
        remotes: {
          content: { manifest: '/releases/content/v1/mf-manifest.json', routes: ['/', '/blogs'] },
          catalog: { manifest: '/releases/catalog/v2/mf-manifest.json', routes: ['/courses', '/course'] },
        },
      });
    }),
    http.get('http://localhost/releases/catalog/v2/mf-manifest.json', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json({ name: 'catalog' });
    }),
  );
  const config = await fetchEarly();
  expect(config).toMatchObject({ remotes: { catalog: { routes: ['/courses', '/course'] } } });
  await new Promise((done) => setTimeout(done, 0));
  const early = takeEarlyManifest('http://localhost/releases/catalog/v2/mf-manifest.json');
  expect(await (await early!.response).json()).toEqual({ name: 'catalog' });
  expect(takeEarlyManifest('http://localhost/releases/catalog/v2/mf-manifest.json')).toBeUndefined();
  expect(asked).toEqual(['http://localhost/config.json', 'http://localhost/releases/catalog/v2/mf-manifest.json']);
});

test('a config.json that names no owner for the page starts nothing more', async () => {
  window.history.pushState({}, '', '/no-such-page');
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json({ remotes: { catalog: { manifest: 42, routes: '/x' } } })));
  await fetchEarly();
  await new Promise((done) => setTimeout(done, 0));
  expect(takeEarlyManifest('http://localhost/42')).toBeUndefined();
});
