// @ts-check
// The site's server passing the API's pictures on (api-pictures.mjs, through serveStatic's `pictures`).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { apiPicturesOf, PICTURE_POLICY, pictureCache } from './api-pictures.mjs';
import { serveStatic } from './static-server.mjs';

const SITE_HEADERS = { 'Content-Security-Policy': "default-src 'self'", 'X-Content-Type-Options': 'nosniff' };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** @typedef {import('node:http').Server} Server */
/** @typedef {import('./api-pictures.mjs').PicturesServing} PicturesServing */

// Set by before(), for every test.
/** @type {string} */
let dir;
/** @type {Server} */
let api;
/** @type {Server} */
let site;
/**
 * What the API was asked, in order.
 *
 * @type {{ method?: string, url?: string, headers: import('node:http').IncomingHttpHeaders }[]}
 */
let asked = [];

/** @type {(server: Server) => Promise<Server>} */
const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
/** @type {(server: Server) => string} */
const originOf = (server) => `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'api-pictures-test-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>site</title>');
  api = await listen(
    createServer((request, response) => {
      asked.push({ method: request.method, url: request.url, headers: request.headers });
      const { pathname } = new URL(/** @type {string} */ (request.url), 'http://api');
      if (pathname === '/static/blog/maize.svg') {
        if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304, { ETag: '"v1"' }).end();
        const gzip = request.headers['accept-encoding']?.includes('gzip');
        response.writeHead(200, {
          'Content-Type': 'image/svg+xml',
          'Cache-Control': 'public, max-age=86400',
          ETag: '"v1"',
          'Set-Cookie': 'api-session=1',
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        });
        return response.end(gzip ? gzipSync(SVG) : SVG);
      }
      if (pathname === '/static/page.html') return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>steal()</script>');
      if (pathname === '/static/moved.svg') return response.writeHead(302, { Location: 'https://elsewhere.example/x.svg' }).end();
      if (pathname === '/static/broken.svg') return response.writeHead(500, { 'Content-Type': 'image/svg+xml' }).end('oops');
      if (pathname === '/static/silent.svg') return; // never answers
      if (pathname === '/static/trickle.svg') {
        // A byte every 100 ms, for ever: never silent, never done.
        response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        const timer = setInterval(() => response.write(' '), 100);
        return response.once('close', () => clearInterval(timer));
      }
      if (pathname === '/static/private.svg')
        return response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'private, max-age=60' }).end(SVG);
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Image not found"}');
    }),
  );
  const api2 = { apiBaseUrl: `${originOf(api)}/api/`, picturesPath: '/static/' };
  site = await serveStatic({
    dir,
    port: 0,
    headers: SITE_HEADERS,
    pictures: { .../** @type {PicturesServing} */ (apiPicturesOf(api2)), answerWithinMs: 300, wholeWithinMs: 1000 },
  });
});

beforeEach(() => {
  asked = [];
});

after(() => {
  site?.close();
  api?.closeAllConnections();
  api?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** @type {(path: string, init?: RequestInit) => Promise<Response>} */
const get = (path, init = {}) => fetch(`${originOf(site)}${path}`, { redirect: 'manual', ...init });

test('the site names where it passes pictures only when its config says so', () => {
  const { cache, ...passed } = /** @type {PicturesServing} */ (apiPicturesOf({ apiBaseUrl: 'https://api.example.co.ke/api/', picturesPath: '/static/' }));
  assert.deepEqual(passed, { path: '/static/', origin: 'https://api.example.co.ke' });
  assert.equal(typeof cache?.get, 'function');
  assert.equal(apiPicturesOf({ apiBaseUrl: 'https://api.example.co.ke/api/' }), null);
});

test("a picture comes from the API with its validator and cache rule, and runs nothing on the site's origin", async () => {
  const response = await get('/static/blog/maize.svg?v=2', {
    headers: { Cookie: 'session=secret', Authorization: 'Bearer secret', 'Accept-Encoding': 'gzip' },
  });
  assert.equal(response.status, 200);
  assert.equal(await response.text(), SVG); // sent gzipped as the API made it; fetch unpacks it
  assert.equal(response.headers.get('content-encoding'), 'gzip');
  assert.equal(response.headers.get('content-type'), 'image/svg+xml');
  assert.equal(response.headers.get('etag'), '"v1"');
  assert.equal(response.headers.get('cache-control'), 'public, max-age=86400');
  assert.equal(response.headers.get('content-security-policy'), PICTURE_POLICY);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('set-cookie'), null);
  // The API is asked for the same path, with none of the visitor's credentials.
  assert.equal(asked.length, 1);
  assert.equal(asked[0].url, '/static/blog/maize.svg?v=2');
  assert.equal(asked[0].headers.cookie, undefined);
  assert.equal(asked[0].headers.authorization, undefined);
});

test('a picture the browser has is confirmed with a 304; HEAD gets the headers alone', async () => {
  const confirmed = await get('/static/blog/maize.svg', { headers: { 'If-None-Match': '"v1"' } });
  assert.equal(confirmed.status, 304);
  assert.equal(await confirmed.text(), '');
  const head = await get('/static/blog/maize.svg', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(asked.at(-1)?.method, 'HEAD');
});

test('nothing but a picture is served as the site’s own: a page, a redirect or an error of the API is refused', async () => {
  for (const [path, status] of /** @type {[string, number][]} */ ([
    ['/static/page.html', 404],
    ['/static/moved.svg', 404],
    ['/static/missing.svg', 404],
    ['/static/broken.svg', 502],
  ])) {
    const response = await get(path);
    assert.equal(response.status, status, path);
    const body = await response.text();
    assert.doesNotMatch(body, /steal|oops|Image not found/, path);
    assert.equal(response.headers.get('location'), null, path);
    assert.equal(response.headers.get('content-security-policy'), SITE_HEADERS['Content-Security-Policy'], path);
  }
});

test('a path the API could read as another is not passed on; nor is a write', async () => {
  for (const path of ['/static/..%2Fapi%2Fuser', '/static/%2e%2e/api/user', '/static/..%5Capi', '/static/a%00.svg']) {
    // Refused, or (the dot segments, which the URL resolves) a path of the site's own.
    const response = await get(path);
    assert.doesNotMatch(response.headers.get('content-type') ?? '', /^image\//, path);
    await response.arrayBuffer();
  }
  const posted = await get('/static/blog/maize.svg', { method: 'POST', body: 'x' });
  assert.equal(posted.status, 405);
  assert.deepEqual(asked, []);
});

test('an API that is down or silent costs a 502 or a 504, and the site goes on', async () => {
  const silent = await get('/static/silent.svg');
  assert.equal(silent.status, 504);
  const down = await serveStatic({ dir, port: 0, pictures: { path: '/static/', origin: 'http://127.0.0.1:9' } });
  try {
    const response = await fetch(`${originOf(down)}/static/blog/maize.svg`);
    assert.equal(response.status, 502);
    assert.equal((await fetch(`${originOf(down)}/`)).status, 200);
  } finally {
    down.close();
  }
});

test('without the setting, the path is the site’s own', async () => {
  const plain = await serveStatic({ dir, port: 0 });
  try {
    assert.equal((await fetch(`${originOf(plain)}/static/blog/maize.svg`)).status, 404);
    assert.deepEqual(asked, []);
  } finally {
    plain.close();
  }
});

test('a picture is kept at the site’s server: asked of the API once while fresh, with the same bytes and headers', async () => {
  const first = await get('/static/blog/maize.svg?kept=1', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(await first.text(), SVG);
  const again = await get('/static/blog/maize.svg?kept=1', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(await again.text(), SVG);
  assert.equal(again.headers.get('content-encoding'), 'gzip');
  assert.equal(again.headers.get('etag'), '"v1"');
  assert.equal(again.headers.get('content-security-policy'), PICTURE_POLICY);
  assert.equal(asked.length, 1, 'the second came from the site’s server');
  const confirmed = await get('/static/blog/maize.svg?kept=1', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': '"v1"' } });
  assert.equal(confirmed.status, 304);
  // Each encoding its own bytes; a picture the API keeps private is never kept.
  assert.equal(await (await get('/static/blog/maize.svg?kept=1', { headers: { 'Accept-Encoding': 'identity' } })).text(), SVG);
  assert.equal(asked.length, 2);
  await (await get('/static/private.svg')).text();
  await (await get('/static/private.svg')).text();
  assert.equal(asked.length, 4);
});

test('a phone that saves data is passed on as such, and its narrower picture kept apart', async () => {
  await (await get('/static/blog/maize.svg?save-data=1')).text();
  await (await get('/static/blog/maize.svg?save-data=1', { headers: { 'Save-Data': 'on' } })).text();
  await (await get('/static/blog/maize.svg?save-data=1', { headers: { 'Save-Data': 'on' } })).text();
  await (await get('/static/blog/maize.svg?save-data=1')).text();
  assert.deepEqual(
    asked.map((each) => each.headers['save-data']),
    [undefined, 'on'],
  );
});

test('a kept picture is asked again once its time is up, and the cache stays within its bytes, the least used going first', () => {
  let clock = 0;
  const cache = pictureCache({ maxBytes: 10, maxItemBytes: 6, maxAgeSeconds: 60, now: () => clock });
  const headers = { 'cache-control': 'public, max-age=86400' };
  cache.set('a', headers, Buffer.from('aaaa'));
  cache.set('b', headers, Buffer.from('bbbb'));
  cache.get('a');
  cache.set('c', headers, Buffer.from('cccc'));
  assert.deepEqual(
    ['a', 'b', 'c'].map((key) => cache.get(key)?.body.toString() ?? null),
    ['aaaa', null, 'cccc'],
  );
  cache.set('big', headers, Buffer.from('bigger than six'));
  assert.equal(cache.get('big'), null, 'larger than an item may be');
  cache.set('short', { 'cache-control': 'max-age=5' }, Buffer.from('s'));
  clock = 5_000;
  assert.equal(cache.get('short'), null, 'the API’s own max-age');
  clock = 60_000;
  assert.equal(cache.get('a'), null, 'at most maxAgeSeconds, whatever the API says');
});

test('an API that trickles a picture holds the visitor’s connection no longer than the whole answer’s bound', async () => {
  const started = Date.now();
  const response = await get('/static/trickle.svg');
  await assert.rejects(response.text());
  assert.ok(Date.now() - started < 5_000);
});
