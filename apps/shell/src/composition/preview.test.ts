import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SiteConfig } from '../config/site-config';
import { applyPreview, usePreview } from './preview';

const channel: SiteConfig = {
  channel: 'production',
  releases: '/releases/',
  remotes: {
    catalog: { entry: '/releases/catalog/20261101.090000-aaaaaaa/remoteEntry.js', requires: {}, routes: ['/courses'], version: '20261101.090000-aaaaaaa' },
  },
  api: { apiBaseUrl: 'http://localhost:4000/api/', requestsApiBaseUrl: 'http://localhost:4000/requests/', chatNumber: '254722000000' },
};
const next = '20261123.101500-bbbbbbb';
const server = setupServer(
  http.get('http://localhost/releases/catalog/index.json', () =>
    HttpResponse.json({
      app: 'catalog',
      releases: [
        { version: '20261101.090000-aaaaaaa', routes: ['/courses'] },
        { version: next, routes: ['/courses', '/course'], requires: { react: '^19.2.0' } },
      ],
    }),
  ),
  http.get('http://localhost/releases/:app/index.json', () => new HttpResponse(null, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
  usePreview.setState({ releases: [], refused: null });
});
afterAll(() => server.close());

test('without a preview the channel is used as it is', async () => {
  await expect(applyPreview(channel, '')).resolves.toBe(channel);
  expect(usePreview.getState()).toEqual({ releases: [], refused: null });
});

test('a published release replaces the channel’s for this tab, and the tab keeps it while it navigates', async () => {
  const config = await applyPreview(channel, `?preview=catalog@${next}`);
  expect(config.remotes.catalog).toEqual({
    entry: `http://localhost/releases/catalog/${next}/remoteEntry.js`,
    requires: { react: '^19.2.0' },
    routes: ['/courses', '/course'],
    version: next,
  });
  expect(usePreview.getState().releases).toEqual([{ app: 'catalog', version: next }]);

  // A later page load in the same tab, without the query string.
  await expect(applyPreview(channel, '')).resolves.toEqual(config);
});

test.each([
  ['catalog@https://evil.example/mf-manifest.json', 'Preview refused: the link does not name a release (expected app@version).'],
  ['Your account is locked, call 0700 000 000', 'Preview refused: the link does not name a release (expected app@version).'],
  ['catalog@20991231.000000-fffffff', 'Preview refused: the link names no release of catalog open to preview (unknown, or withdrawn).'],
  // A version may look like a sentence: it is not shown unless it is a listed release.
  ['catalog@Your_account_is_locked-call_0700000000', 'Preview refused: the link names no release of catalog open to preview (unknown, or withdrawn).'],
  ['account@20261123.101500-bbbbbbb', 'Preview refused: the link names an app this site does not have.'],
  ['scam_call_0700000000@1', 'Preview refused: the link names an app this site does not have.'],
  [`catalog@${next},shell@1`, 'Preview refused: the shell is the page itself and cannot be previewed.'],
])('%s is refused with a message, and the channel is kept', async (request, message) => {
  sessionStorage.setItem('shell:preview', 'catalog@20261101.090000-aaaaaaa');
  await expect(applyPreview(channel, `?preview=${encodeURIComponent(request)}`)).resolves.toBe(channel);
  expect(usePreview.getState()).toEqual({ releases: [], refused: message });
  expect(sessionStorage.getItem('shell:preview')).toBeNull();
});

test('a site without a release index accepts no preview', async () => {
  await applyPreview({ ...channel, releases: undefined }, `?preview=catalog@${next}`);
  expect(usePreview.getState().refused).toBe('Preview refused: this site publishes no release index.');
});
