import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fetchSiteConfig } from '@agri/ui/config';
import { parseSiteConfig } from './site-config';

/** config.json as the shell reads it at start-up: fetched early (startup/early-fetches.ts), then checked. */
const loadSiteConfig = async (url: string) => parseSiteConfig(await fetchSiteConfig(url), url);

const validConfig = {
  remotes: {
    content: { entry: 'http://localhost:3002/remoteEntry.js', requires: { react: '^19.2.0' }, routes: ['/', '/blogs'] },
    catalog: { entry: '/releases/catalog/20261123.101500-ab12cd3/remoteEntry.js', requires: {}, routes: ['/courses'], version: '20261123.101500-ab12cd3' },
    account: { entry: 'http://localhost:3003/remoteEntry.js', requires: {}, routes: ['/login'] },
  },
  api: {
    apiBaseUrl: 'http://localhost:4000/api/',
    requestsApiBaseUrl: 'http://localhost:4000/requests/',
    chatNumber: '254722000000',
  },
};
const url = 'http://localhost/config.json';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const serve = (response: () => Response) => server.use(http.get(url, response));

test('a valid config.json is returned as read', async () => {
  serve(() => HttpResponse.json(validConfig));
  await expect(loadSiteConfig(url)).resolves.toEqual(validConfig);
});

test('a missing config.json names the HTTP status', async () => {
  serve(() => new HttpResponse('Not found', { status: 404 }));
  await expect(loadSiteConfig(url)).rejects.toThrow(`${url} answered HTTP 404.`);
});

test('a config.json that is not JSON says so', async () => {
  serve(() => new HttpResponse('{ remotes: ', { headers: { 'Content-Type': 'application/json' } }));
  await expect(loadSiteConfig(url)).rejects.toThrow(`${url} is not valid JSON.`);
});

test('an invalid config.json names each wrong field', async () => {
  serve(() =>
    HttpResponse.json({
      ...validConfig,
      remotes: { ...validConfig.remotes, account: { entry: 'javascript:alert(1)', routes: ['/login'] }, 'Bad Name': validConfig.remotes.content },
      api: { ...validConfig.api, chatNumber: '+254 722' },
    }),
  );
  await expect(loadSiteConfig(url)).rejects.toThrow(
    /remotes\.account\.entry: an http\(s\) URL or a path starting with \/; remotes\.Bad Name: .*; api\.chatNumber: chatNumber must be 9 to 15 digits/,
  );
});

test('route prefixes are paths such as /courses; a remote with no routes (fragments only) gets an empty list', async () => {
  serve(() => HttpResponse.json({ ...validConfig, remotes: { catalog: { entry: '/e.js', routes: ['courses', '/a?b'] } } }));
  await expect(loadSiteConfig(url)).rejects.toThrow(/remotes\.catalog\.routes\.0: a route prefix such as \/courses; remotes\.catalog\.routes\.1/);
  serve(() => HttpResponse.json({ ...validConfig, remotes: { fragments: { entry: '/e.js' } } }));
  await expect(loadSiteConfig(url)).resolves.toMatchObject({ remotes: { fragments: { entry: '/e.js', routes: [] } } });
});

test('a config.json that cannot be fetched names the network problem', async () => {
  serve(() => HttpResponse.error());
  await expect(loadSiteConfig(url)).rejects.toThrow(`${url} could not be fetched`);
});

/** An answer whose headers come at once and whose body comes `bodyAfterMs` later (never, when null). */
const slowBody = (bodyAfterMs: number | null) => () =>
  new HttpResponse(
    new ReadableStream({
      start(stream) {
        if (bodyAfterMs === null) return;
        setTimeout(() => {
          stream.enqueue(new TextEncoder().encode(JSON.stringify(validConfig)));
          stream.close();
        }, bodyAfterMs);
      },
    }),
    { headers: { 'Content-Type': 'application/json' } },
  );

test('a body read after the answer budget is still read: a busy browser is not a broken file', async () => {
  serve(slowBody(300));
  await expect(fetchSiteConfig(url, { answerMs: 100, bodyMs: 2000 })).resolves.toEqual(validConfig);
});

test('a body that never ends names the time-out, not the JSON', async () => {
  serve(slowBody(null));
  await expect(fetchSiteConfig(url, { answerMs: 100, bodyMs: 200 })).rejects.toThrow(`${url} could not be fetched: no answer within 0.2 s`);
});
