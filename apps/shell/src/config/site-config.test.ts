import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loadSiteConfig } from './site-config';

const validConfig = {
  remotes: {
    content: 'http://localhost:3002/mf-manifest.json',
    catalog: 'http://localhost:3001/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
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
      remotes: { ...validConfig.remotes, account: 'not a url' },
      api: { ...validConfig.api, chatNumber: '+254 722' },
    }),
  );
  await expect(loadSiteConfig(url)).rejects.toThrow(/remotes\.account: .*; api\.chatNumber: chatNumber must be 9 to 15 digits/);
});

test('a config.json that cannot be fetched names the network problem', async () => {
  serve(() => HttpResponse.error());
  await expect(loadSiteConfig(url)).rejects.toThrow(`${url} could not be fetched`);
});
