// @ts-check
// Fuzz and behaviour tests of the static server: no request, however malformed,
// stops it, leaks a file outside its folder, or gets a 5xx unless one is right.
import assert from 'node:assert/strict';
import fs, { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, mock, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { STATIC_LIMITS, serveStatic } from './static-server.mjs';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOT';
const HEADERS = { 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff' };

/** @typedef {import('node:http').Server} Server */
/** @typedef {import('node:net').AddressInfo} AddressInfo */
/** @typedef {{ status: number | null, head: string, body: string }} RawAnswer */

// Set by before(), for every test.
/** @type {string} */
let parent;
/** @type {Server} */
let server;
/** @type {number} */
let port;

before(async () => {
  // parent/secret.txt sits beside the served folder: no path may reach it.
  parent = mkdtempSync(join(tmpdir(), 'static-server-test-'));
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  const root = join(parent, 'site');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(root, 'main.1234abcd.js'), 'console.log(1);');
  writeFileSync(join(root, 'main.1234abcd.js.map'), '{"sources":["webpack://shell/./src/secret.ts"]}');
  writeFileSync(join(root, 'remoteEntry.js'), 'var remote;');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'reports.js'), 'var reports;');
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"Mavuno"}');
  writeFileSync(join(root, 'assets', 'big.bin'), Buffer.alloc(8 * 1024 * 1024, 1));
  // A channel: its releases live in another folder, served under /releases/.
  const releases = join(parent, 'releases');
  mkdirSync(join(releases, 'catalog', 'v1'), { recursive: true });
  writeFileSync(join(releases, 'catalog', 'index.json'), '{"releases":[]}');
  writeFileSync(join(releases, 'catalog', 'v1', 'mf-manifest.json'), '{"name":"catalog"}');
  writeFileSync(join(releases, 'catalog', 'v1', 'remoteEntry.js.map'), '{"sources":[]}');
  let generated = 0;
  server = await serveStatic({
    dir: root,
    port: 0,
    headers: HEADERS,
    mounts: { '/releases/': releases },
    files: { '/config.json': '{"generated":true}', '/counted.json': () => `{"count":${++generated}}` },
  });
  port = /** @type {AddressInfo} */ (server.address()).port;
});

after(() => {
  server?.close();
  rmSync(parent, { recursive: true, force: true });
});

/**
 * Sends `bytes` on a fresh connection and reads until the server closes it
 * (or `waitMs` passes). Returns the status (null when nothing came back), the
 * header lines and the body as text.
 *
 * @param {string | Buffer} bytes
 * @param {{ waitMs?: number }} [options]
 * @returns {Promise<RawAnswer>}
 */
function raw(bytes, { waitMs = 3000 } = {}) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    // write, not end: Node's server drops a request whose client half-closes before the answer.
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({ status: status ? Number(status) : null, head, body: rest.join('\r\n\r\n') });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', () => {}); // a reset after the answer is fine; `close` follows
  });
}

/** @type {(method: string, path: string, extraHeaders?: string) => Promise<RawAnswer>} */
const request = (method, path, extraHeaders = '') => raw(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extraHeaders}\r\n`);

/**
 * Runs `cases` a few at a time (the machine is shared) and returns every answer.
 *
 * @template T
 * @param {T[]} cases
 * @param {(item: T) => Promise<RawAnswer>} send
 * @returns {Promise<(RawAnswer & { item: T })[]>}
 */
async function sendAll(cases, send) {
  const answers = [];
  for (let index = 0; index < cases.length; index += 16) {
    const batch = cases.slice(index, index + 16);
    answers.push(...(await Promise.all(batch.map(async (item) => ({ item, ...(await send(item)) })))));
  }
  return answers;
}

async function assertStillServing() {
  const answer = await request('GET', '/main.1234abcd.js');
  assert.equal(answer.status, 200);
  assert.equal(answer.body, 'console.log(1);');
}

/**
 * A small deterministic generator, so a failure can be replayed.
 *
 * @param {number} seed
 */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const traversalPaths = (() => {
  const dots = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '%uff0e%uff0e', '..%00'];
  const separators = ['/', '%2f', '%2F', '\\', '%5c', '%5C', '%252f', '%c0%af', '/./'];
  const paths = [];
  for (const dot of dots) {
    for (const separator of separators) {
      for (const depth of [1, 2, 4]) paths.push(`/${`${dot}${separator}`.repeat(depth)}secret.txt`);
      paths.push(`/assets/${dot}${separator}${dot}${separator}secret.txt`);
    }
  }
  return paths;
})();

const malformedPaths = [
  '/%E0%A4%A',
  '/%',
  '/%%',
  '/%zz',
  '/%ff',
  '/%C0',
  '/%ED%A0%80',
  '/%00',
  '/main.1234abcd.js%00.html',
  '/index.html%00',
  '/\\..\\..\\secret.txt',
  '/\\\\evil.example\\share',
  '//evil.example/secret.txt',
  '/./././main.1234abcd.js',
  `/${'a'.repeat(4000)}`,
  `/${'a/'.repeat(3000)}x.js`,
  `/${'%2e%2e/'.repeat(1000)}secret.txt`,
  '/main.1234abcd.js?x=%E0%A4%A',
  '/main.1234abcd.js#%E0%A4%A',
  '*',
  'http://[::1',
  'http://evil.example/../secret.txt',
  'localhost:80',
  '/\u00ff\u00fe',
];

const generatedPaths = (() => {
  const next = random(9);
  const alphabet = ['%', '%2', '%e0', '%A4', 'a', '.', '/', '\\', '%00', '%2e', '%2f', '~', ';', ':', '@', '..', '%u', '%25'];
  return Array.from({ length: 300 }, () => {
    const length = 1 + Math.floor(next() * 12);
    return `/${Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')}`;
  });
})();

describe('malformed and hostile paths', () => {
  test('each is answered below 500 with the headers, never with the file outside the root, and the server lives on', async (t) => {
    const paths = [...malformedPaths, ...traversalPaths, ...generatedPaths];
    const answers = await sendAll(paths, (path) => request('GET', path));
    const failures = answers.filter(
      ({ status, head, body }) => status === null || status >= 500 || !/X-Frame-Options: DENY/i.test(head) || body.includes(SECRET),
    );
    assert.deepEqual(
      failures.map(({ item, status }) => `${item.slice(0, 80)} -> ${status}`),
      [],
    );
    t.diagnostic(`${paths.length} paths: ${JSON.stringify(countBy(answers.map(({ status }) => status)))}`);
    await assertStillServing();
  });

  test('the crash URL of issue 9 is a 400 with the security headers', async () => {
    const answer = await request('GET', '/%E0%A4%A');
    assert.equal(answer.status, 400);
    assert.match(answer.head, /X-Frame-Options: DENY/i);
    await assertStillServing();
  });
});

describe('methods', () => {
  test('anything but GET, HEAD and OPTIONS is a 405 (or a 400 when it is not a method at all)', async () => {
    const methods = ['DELETE', 'PUT', 'PATCH', 'POST', 'TRACE', 'PROPFIND', 'MKCOL', 'PURGE', 'LINK', 'SEARCH'];
    const answers = await sendAll(methods, (method) => request(method, '/main.1234abcd.js', 'Content-Length: 0\r\n'));
    for (const { item, status, head } of answers) {
      assert.equal(status, 405, item);
      assert.match(head, /Allow: GET, HEAD, OPTIONS/i, item);
    }
    const connectAnswer = await raw('CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n');
    assert.equal(connectAnswer.status, 405);
    const garbage = ['FOO', 'G3T', 'get', 'GET\x00', '\u00c9T\u00c9', 'GE T', 'X'.repeat(300)];
    const garbageAnswers = await sendAll(garbage, (method) => request(method, '/'));
    for (const { item, status } of garbageAnswers)
      assert.ok(/** @type {(number | null)[]} */ ([400, 405]).includes(status), `${JSON.stringify(item)} -> ${status}`);
    await assertStillServing();
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const answer = await request('HEAD', '/main.1234abcd.js');
    assert.equal(answer.status, 200);
    assert.match(answer.head, /Content-Length: 15/i);
    assert.equal(answer.body, '');
  });

  test('OPTIONS answers 204 for CORS', async () => {
    const answer = await request('OPTIONS', '/remoteEntry.js', 'Origin: http://localhost:3000\r\n');
    assert.equal(answer.status, 204);
    assert.match(answer.head, /Access-Control-Allow-Origin: \*/i);
  });
});

describe('malformed requests and raw garbage', () => {
  test('each is refused below 500 and the server lives on', async (t) => {
    const next = random(42);
    const noise = Array.from({ length: 40 }, (_, index) => Buffer.from(Array.from({ length: 1 + index * 37 }, () => Math.floor(next() * 256))));
    const cases = [
      'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', // no Host
      'GET / HTTP/1.1\r\nHost: localhost\r\nNo-colon-here\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nBad Name: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nX: a\x00b\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nX: a\rb\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello',
      'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnope\r\n',
      'GET / HTTP/9.9\r\nHost: localhost\r\n\r\n',
      'GET /\r\n\r\n',
      'GET\r\n\r\n',
      ' / HTTP/1.1\r\n\r\n',
      '\r\n\r\n\r\n',
      'GET / HTTP/1.1\nHost: localhost\nConnection: close\n\n',
      `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: localhost\r\n${'X-Many: 1\r\n'.repeat(3000)}\r\n`,
      'GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nRange: bytes=zzz\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]), // a TLS ClientHello
      Buffer.from([0x00, 0x00, 0x00, 0x00]),
      Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), // the HTTP/2 preface
      ...noise,
    ];
    const answers = await sendAll(cases, (bytes) => raw(bytes, { waitMs: 1500 }));
    // No answer is acceptable only where the request never ended (the server waits for more).
    const failures = answers.filter(({ status }) => status !== null && status >= 500);
    assert.deepEqual(
      failures.map(({ item, status }) => `${JSON.stringify(item.toString().slice(0, 60))} -> ${status}`),
      [],
    );
    const answered = answers.filter(({ status }) => status !== null).length;
    t.diagnostic(`${cases.length} malformed requests: ${answered} answered, ${JSON.stringify(countBy(answers.map(({ status }) => status)))}`);
    await assertStillServing();
  });

  test('clients that vanish mid-request or mid-download do not hurt the server', async () => {
    // The first 40 go at once, most while the server opens the file (on Node 24, about a third of such clients
    // made the server pipe into a closed answer, an error nothing caught); the others at staggered moments.
    await Promise.all(
      Array.from(
        { length: 60 },
        (_, index) =>
          new Promise((resolve) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write(index % 2 || index < 40 ? 'GET /assets/big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n' : 'GET /main.1234');
              if (index < 40) setImmediate(() => socket.destroy());
              else setTimeout(() => socket.destroy(), index - 20);
            });
            socket.on('error', () => {});
            socket.on('close', resolve);
          }),
      ),
    );
    await assertStillServing();
  });
});

describe('what the server keeps doing', () => {
  test('client routes fall back to index.html; a missing file with an extension is a 404', async () => {
    const route = await request('GET', '/course/123');
    assert.equal(route.status, 200);
    assert.match(route.body, /<title>home<\/title>/);
    assert.match(route.head, /Cache-Control: no-cache/i);
    const missing = await request('GET', '/missing.js');
    assert.equal(missing.status, 404);
    assert.match(missing.head, /X-Frame-Options: DENY/i);
  });

  test('generated files override built ones; entry files revalidate, hashed files are immutable', async () => {
    const config = await request('GET', '/config.json');
    assert.equal(config.body, '{"generated":true}');
    assert.match(config.head, /Cache-Control: no-cache/i);
    assert.match((await request('GET', '/remoteEntry.js')).head, /Cache-Control: no-cache/i);
    // A prerendered page names the shell's reports.js by its fixed name.
    assert.match((await request('GET', '/reports.js')).head, /Cache-Control: no-cache/i);
    assert.match((await request('GET', '/main.1234abcd.js')).head, /Cache-Control: public, max-age=31536000, immutable/i);
    // The service worker is checked for an update on every load; the web app manifest too, as a manifest.
    assert.match((await request('GET', '/sw.js')).head, /Cache-Control: no-cache/i);
    const manifest = await request('GET', '/manifest.webmanifest');
    assert.match(manifest.head, /Cache-Control: no-cache/i);
    assert.match(manifest.head, /Content-Type: application\/manifest\+json/i);
  });

  test('a file revalidated on every load is a 304 without its body while it has not changed, each encoding its own', async () => {
    const first = await request('GET', '/remoteEntry.js', 'Accept-Encoding: gzip\r\n');
    const etag = /** @type {RegExpExecArray} */ (/ETag: (.+)/i.exec(first.head))[1].trim();
    const again = await request('GET', '/remoteEntry.js', `Accept-Encoding: gzip\r\nIf-None-Match: ${etag}\r\n`);
    assert.equal(again.status, 304);
    assert.equal(again.body, '');
    assert.match(again.head, /Cache-Control: no-cache/i);
    assert.match(again.head, new RegExp(`ETag: ${etag}`, 'i'));
    assert.match(again.head, /X-Frame-Options: DENY/i);
    // Another encoding is another body: sent whole.
    assert.equal((await request('GET', '/remoteEntry.js', `Accept-Encoding: br\r\nIf-None-Match: ${etag}\r\n`)).status, 200);
    assert.equal((await request('GET', '/remoteEntry.js', 'Accept-Encoding: gzip\r\nIf-None-Match: "stale"\r\n')).status, 200);
  });

  test("a mounted folder serves its files, with no fallback to the site's index.html, and never above itself", async () => {
    const manifest = await request('GET', '/releases/catalog/v1/mf-manifest.json');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.body, '{"name":"catalog"}');
    assert.match(manifest.head, /Cache-Control: no-cache/i);
    assert.match((await request('GET', '/releases/catalog/index.json')).head, /Cache-Control: no-cache/i);
    assert.equal((await request('GET', '/releases/catalog/v2')).status, 404);
    for (const path of ['/releases/../secret.txt', '/releases/%2e%2e/secret.txt', '/releases/..%5csecret.txt', '/releases/catalog/..%2f..%2fsecret.txt']) {
      const answer = await request('GET', path);
      // No answer at all (null) is no pass: null < 500 held in JavaScript.
      assert.ok(answer.status !== null && answer.status < 500 && !answer.body.includes(SECRET), `${path}: ${answer.status}`);
    }
  });

  test('source maps are never served, on the site or under a mount', async () => {
    for (const path of ['/main.1234abcd.js.map', '/releases/catalog/v1/remoteEntry.js.map', '/main.1234abcd.js%2Emap']) {
      assert.equal((await fetch(`http://127.0.0.1:${port}${path}`)).status, 404, path);
    }
    assert.equal((await fetch(`http://127.0.0.1:${port}/main.1234abcd.js`)).status, 200);
  });

  test('a generated file given as a function is made afresh for each request', async () => {
    assert.equal((await request('GET', '/counted.json')).body, '{"count":1}');
    assert.equal((await request('GET', '/counted.json')).body, '{"count":2}');
  });

  test('headers given as a function are asked for each request: a promotion shows in the next answer', async () => {
    let policy = "script-src 'self' 'sha256-one'";
    const following = await serveStatic({ dir: join(parent, 'site'), port: 0, headers: () => ({ ...HEADERS, 'Content-Security-Policy': policy }) });
    try {
      const at = `http://127.0.0.1:${/** @type {AddressInfo} */ (following.address()).port}`;
      assert.equal((await fetch(`${at}/`)).headers.get('content-security-policy'), "script-src 'self' 'sha256-one'");
      policy = "script-src 'self' 'sha256-one' 'sha256-two'";
      const answer = await fetch(`${at}/no-such-file.js`);
      assert.equal(answer.status, 404);
      assert.equal(answer.headers.get('content-security-policy'), "script-src 'self' 'sha256-one' 'sha256-two'");
      assert.equal(answer.headers.get('x-frame-options'), 'DENY');
    } finally {
      following.close();
    }
  });

  test('a file that cannot be read is a 500 for that request alone', async () => {
    // Root can read any file, so the failure is injected where the server opens files.
    const open = fs.createReadStream;
    const failing = mock.method(fs, 'createReadStream', () => open(join(parent, 'no-such-file')));
    syncBuiltinESMExports();
    try {
      const answer = await request('GET', '/main.1234abcd.js');
      assert.equal(answer.status, 500);
    } finally {
      failing.mock.restore();
      syncBuiltinESMExports();
    }
    await assertStillServing();
  });
});

describe('compression', () => {
  /**
   * The answer's headers and its bytes as sent (not decoded).
   *
   * @type {(path: string, acceptEncoding?: string, method?: string) => Promise<{ headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
   */
  const get = (path, acceptEncoding, method = 'GET') =>
    new Promise((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
      http
        .request({ port, path, method, headers }, (response) => {
          /** @type {Buffer[]} */
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });

  test('text files go out brotli, else gzip, as the browser accepts, and decode to the file', async () => {
    const br = await get('/main.1234abcd.js', 'gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.equal(brotliDecompressSync(br.body).toString(), 'console.log(1);');
    assert.match(/** @type {string} */ (br.headers['cache-control']), /immutable/);

    const gzip = await get('/main.1234abcd.js', 'gzip, br;q=0');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.body).toString(), 'console.log(1);');

    const page = await get('/course/123', 'br');
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(page.body).toString(), /<title>home<\/title>/);
  });

  test('a client that accepts no encoding, and every binary file, get the bytes as they are', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const plain = await get('/main.1234abcd.js', acceptEncoding);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body.toString(), 'console.log(1);');
      assert.equal(plain.headers.vary, 'Accept-Encoding');
    }
    const binary = await get('/assets/big.bin', 'br, gzip');
    assert.equal(binary.headers['content-encoding'], undefined);
    assert.equal(binary.body.length, 8 * 1024 * 1024);
  });

  test('HEAD gives the compressed headers without a body', async () => {
    const head = await get('/main.1234abcd.js', 'br', 'HEAD');
    assert.equal(head.headers['content-encoding'], 'br');
    assert.ok(Number(head.headers['content-length']) > 0);
    assert.equal(head.body.length, 0);
  });
});

/**
 * How many times each value comes (null counts under 'null', as any key is a string).
 *
 * @param {(number | null)[]} values
 */
function countBy(values) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const value of /** @type {number[]} */ (values)) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

describe('prerendered pages and prebuilt compression', () => {
  /** @type {Server} */
  let site;
  /** @type {number} */
  let sitePort;
  /**
   * @param {string} path
   * @param {Record<string, string>} [headers]
   */
  const fetchText = async (path, headers = {}) => {
    const response = await fetch(`http://127.0.0.1:${sitePort}${path}`, { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  before(async () => {
    // A channel: prerendered pages at their paths, the client-rendered page as app.html.
    const root = join(parent, 'channel');
    mkdirSync(join(root, 'courses'), { recursive: true });
    mkdirSync(join(root, 'course', 'c1'), { recursive: true });
    writeFileSync(join(root, 'app.html'), '<title>rendered in the browser</title>');
    writeFileSync(join(root, 'index.html'), '<title>home, prerendered</title>');
    writeFileSync(join(root, 'courses', 'index.html'), '<title>courses, prerendered</title>');
    writeFileSync(join(root, 'course', 'c1', 'index.html'), '<title>course c1, prerendered</title>');
    // A build's own brotli form beside a file: sent as it is (here it says something else, to tell).
    writeFileSync(join(root, 'chunk.1234abcd.js'), 'console.log("as built");');
    writeFileSync(join(root, 'chunk.1234abcd.js.br'), brotliCompressSync('console.log("prebuilt");'));
    // A file changed after its .br was made: its .br is stale and not used.
    writeFileSync(join(root, 'stale.1234abcd.js.br'), brotliCompressSync('console.log("stale");'));
    const later = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'stale.1234abcd.js'), 'console.log("fresh");');
    fs.utimesSync(join(root, 'stale.1234abcd.js'), later, later);
    site = await serveStatic({ dir: root, port: 0, fallback: 'app.html' });
    sitePort = /** @type {AddressInfo} */ (site.address()).port;
  });
  after(() => site?.close());

  test('a path is answered with its prerendered page, else with the client-rendered page; both revalidate', async () => {
    assert.match((await fetchText('/')).text, /home, prerendered/);
    assert.match((await fetchText('/courses')).text, /courses, prerendered/);
    assert.match((await fetchText('/courses/')).text, /courses, prerendered/);
    assert.match((await fetchText('/course/c1')).text, /course c1, prerendered/);
    const other = await fetchText('/course/c2');
    assert.match(other.text, /rendered in the browser/);
    assert.equal(other.headers.get('cache-control'), 'no-cache');
    assert.equal((await fetchText('/courses')).headers.get('cache-control'), 'no-cache');
    assert.equal((await fetchText('/missing.js')).status, 404);
  });

  test('pages come from their own folder when one is given, and never from above it', async () => {
    const pages = join(parent, 'qa-pages');
    mkdirSync(join(pages, 'courses'), { recursive: true });
    writeFileSync(join(pages, 'courses', 'index.html'), '<title>courses, made for QA</title>');
    const qa = await serveStatic({ dir: join(parent, 'channel'), port: 0, fallback: 'app.html', pages });
    try {
      /** @param {string} path */
      const get = async (path) => (await fetch(`http://127.0.0.1:${/** @type {AddressInfo} */ (qa.address()).port}${path}`)).text();
      assert.match(await get('/courses'), /made for QA/);
      // Not the channel's own home page: this folder has none.
      assert.match(await get('/'), /rendered in the browser/);
      assert.doesNotMatch(await get('/..%2f..%2fsecret.txt'), new RegExp(SECRET));
    } finally {
      qa.close();
    }
  });

  test("a build's brotli form is sent as it is, unless the file is newer than it", async () => {
    const prebuilt = await fetchText('/chunk.1234abcd.js', { 'Accept-Encoding': 'br' });
    assert.equal(prebuilt.text, 'console.log("prebuilt");');
    const stale = await fetchText('/stale.1234abcd.js', { 'Accept-Encoding': 'br' });
    assert.equal(stale.text, 'console.log("fresh");');
  });
});

describe('pages, the paths that are not pages, and the files made with them', () => {
  /** @type {string} */
  let dir;
  /** @type {Server} */
  let pagesServer;
  /** @param {string} path */
  const get = (path) => fetch(`http://127.0.0.1:${/** @type {AddressInfo} */ (pagesServer.address()).port}${path}`);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-server-pages-'));
    const site = join(dir, 'site');
    const pages = join(dir, 'pages');
    mkdirSync(site, { recursive: true });
    mkdirSync(join(pages, 'course', 'c1'), { recursive: true });
    writeFileSync(join(site, 'app.html'), '<!doctype html><title>rendered in the browser</title>');
    writeFileSync(join(site, '.lock'), '1234');
    writeFileSync(join(pages, 'course', 'c1', 'index.html'), '<!doctype html><title>HACCP</title>');
    mkdirSync(join(pages, 'reset-password', ':token'), { recursive: true });
    writeFileSync(join(pages, 'reset-password', ':token', 'index.html'), '<!doctype html><title>Reset Password</title>');
    writeFileSync(join(pages, 'sitemap.xml'), '<urlset/>');
    writeFileSync(join(pages, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(join(pages, '404.html'), '<!doctype html><title>Page not found</title>');
    writeFileSync(
      join(pages, '.routes.json'),
      JSON.stringify({
        paths: ['/course/c1', '/course/c2', '/reset-password/:token'],
        clientRoutes: ['/login', '/confirm-email/:token', '/staff/*'],
        pageRoutes: ['/courses', '/course/:id', '/reset-password/:token'],
        oneDocumentRoutes: ['/reset-password/:token'],
      }),
    );
    pagesServer = await serveStatic({ dir: site, port: 0, pages, fallback: 'app.html' });
  });
  after(() => {
    pagesServer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a public page is its HTML; a public path not made yet and a route rendered in the browser get the page rendered in the browser', async () => {
    const page = await get('/course/c1');
    assert.match(await page.text(), /HACCP/);
    assert.equal(page.headers.get('x-robots-tag'), null);
    for (const path of ['/course/c2', '/login', '/confirm-email/abc123', '/staff', '/staff/leads/42']) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.match(await response.text(), /rendered in the browser/, path);
    }
    assert.equal((await get('/course/c2')).headers.get('x-robots-tag'), null, 'a public page, made at the next run');
  });

  test('a route rendered in the browser (an account’s, the back office’s) answers noindex: robots.txt does not name the back office', async () => {
    for (const path of ['/login', '/confirm-email/abc123', '/staff', '/staff/login', '/staff/leads/42']) {
      assert.equal((await get(path)).headers.get('x-robots-tag'), 'noindex', path);
    }
  });

  test('a route made as one page for every path (a reset link’s) gets that page at each of its paths, noindex, revalidated', async () => {
    for (const path of ['/reset-password/abc123', '/reset-password/a1b2c3d4e5f6/']) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.match(await response.text(), /Reset Password/, path);
      assert.equal(response.headers.get('x-robots-tag'), 'noindex', path);
      assert.equal(response.headers.get('cache-control'), 'no-cache', path);
    }
  });

  test('any other path is not found (404, noindex), with the prerendered not-found page, revalidated on every load', async () => {
    for (const path of ['/nowhere', '/login/extra', '/reset-password', '/reset-password/abc/extra', '/courses/old/link']) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.equal(response.headers.get('x-robots-tag'), 'noindex', path);
      assert.equal(response.headers.get('cache-control'), 'no-cache', path);
      assert.match(await response.text(), /Page not found/, path);
    }
    assert.equal((await get('/404.html')).status, 404, 'not a page of its own');
    assert.doesNotMatch(await (await get('/404.html')).text(), /Page not found/);
  });

  test('an item not found (a removed course) gets the page its owner renders in the browser, which says which, with 404', async () => {
    const response = await get('/course/removed');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('x-robots-tag'), 'noindex');
    assert.match(await response.text(), /rendered in the browser/);
  });

  test('pages made before the not-found page (no page routes listed, or no 404.html): any other path gets the page rendered in the browser, with 404', async () => {
    const routes = join(dir, 'pages', '.routes.json');
    const before = readFileSync(routes, 'utf8');
    writeFileSync(routes, JSON.stringify({ paths: ['/course/c1'], clientRoutes: ['/login'] }));
    try {
      const response = await get('/nowhere');
      assert.equal(response.status, 404);
      assert.match(await response.text(), /rendered in the browser/);
    } finally {
      writeFileSync(routes, before);
    }
    rmSync(join(dir, 'pages', '404.html'));
    try {
      const response = await get('/nowhere');
      assert.equal(response.status, 404);
      assert.match(await response.text(), /rendered in the browser/);
    } finally {
      writeFileSync(join(dir, 'pages', '404.html'), '<!doctype html><title>Page not found</title>');
    }
  });

  test('serves the sitemap and robots.txt made with the pages, revalidated on every load, and nothing under a dot', async () => {
    const sitemap = await get('/sitemap.xml');
    assert.equal(sitemap.status, 200);
    assert.match(/** @type {string} */ (sitemap.headers.get('content-type')), /^application\/xml/);
    assert.equal(sitemap.headers.get('cache-control'), 'no-cache');
    assert.equal((await get('/robots.txt')).status, 200);
    for (const path of ['/.routes.json', '/.lock', '/course/.hidden']) assert.equal((await get(path)).status, 404, path);
  });
});

describe('symbolic links (issue 23)', () => {
  /** @type {Server} */
  let linked;
  /** @type {number} */
  let linkedPort;
  before(async () => {
    // A folder whose links point out of it (to the secret beside it) and within it.
    const root = join(parent, 'linked');
    mkdirSync(join(root, 'pages', 'about'), { recursive: true });
    writeFileSync(join(root, 'app.html'), '<title>rendered in the browser</title>');
    writeFileSync(join(root, 'inside.js'), 'console.log("inside");');
    symlinkSync(join(parent, 'secret.txt'), join(root, 'leak.js'));
    symlinkSync(parent, join(root, 'outside'));
    symlinkSync(join(parent, 'secret.txt'), join(root, 'pages', 'about', 'index.html'));
    symlinkSync(join(root, 'inside.js'), join(root, 'alias.js'));
    linked = await serveStatic({ dir: root, port: 0, fallback: 'app.html', mounts: { '/pages/': join(root, 'pages') } });
    linkedPort = /** @type {AddressInfo} */ (linked.address()).port;
  });
  after(() => linked?.close());

  test('a link that leads out of the served folder is refused, whether to a file, a folder or a page', async () => {
    for (const path of ['/leak.js', '/outside/secret.txt', '/outside/site/index.html', '/about', '/pages/about/index.html']) {
      const response = await fetch(`http://127.0.0.1:${linkedPort}${path}`);
      const body = await response.text();
      assert.ok(!body.includes(SECRET), `${path} served the file outside the root`);
      assert.ok([403, 404].includes(response.status) || /rendered in the browser/.test(body), `${path}: ${response.status}`);
    }
    assert.equal((await fetch(`http://127.0.0.1:${linkedPort}/leak.js`)).status, 403);
  });

  test('a link that stays inside the folder is served', async () => {
    assert.equal(await (await fetch(`http://127.0.0.1:${linkedPort}/alias.js`)).text(), 'console.log("inside");');
  });
});

describe('slow clients and too many connections (issue 23)', () => {
  /** @type {Server} */
  let limited;
  /** @type {number} */
  let limitedPort;
  before(async () => {
    limited = await serveStatic({ dir: join(parent, 'site'), port: 0, headers: HEADERS, limits: { headersMs: 1000, requestMs: 2000, maxConnections: 3 } });
    limitedPort = /** @type {AddressInfo} */ (limited.address()).port;
  });
  after(() => limited?.close());

  /**
   * Opens a connection that sends `bytes` (and nothing more): `answered` when the first answer comes, `closed` with it when it closes.
   *
   * @param {string} bytes
   */
  const hold = (bytes) => {
    const started = Date.now();
    const socket = connect(limitedPort, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    const answered = new Promise((resolve) => socket.once('data', resolve));
    /** @type {Promise<{ head: string, afterMs: number }>} */
    const closed = new Promise((resolve) => socket.on('close', () => resolve({ head: answer.split('\r\n\r\n')[0], afterMs: Date.now() - started })));
    return { socket, answered, closed };
  };

  test('the limits by default: headers in 10 s, the request in 15 s, 30 s idle, 512 connections', () => {
    assert.deepEqual(STATIC_LIMITS, { headersMs: 10_000, requestMs: 15_000, idleMs: 30_000, keepAliveMs: 5_000, maxConnections: 512 });
  });

  test('a client that does not finish its headers in time gets 408 with the security headers, and is closed', async () => {
    const { head, afterMs } = await hold('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ').closed;
    assert.match(head, /^HTTP\/1\.1 408 Request Timeout/);
    assert.match(head, /X-Frame-Options: DENY/);
    assert.ok(afterMs < 3000, `closed after ${afterMs} ms`);
  });

  test('past the connection cap a new connection is answered 503 at once; the server serves again once they close', async () => {
    // Three connections the server has surely counted: each answered, and kept alive.
    const held = [0, 1, 2].map(() => hold('GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    await Promise.all(held.map(({ answered }) => answered));
    const { head, afterMs } = await hold('GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n').closed;
    assert.match(head, /^HTTP\/1\.1 503 Service Unavailable/);
    assert.match(head, /Retry-After: 5/);
    assert.ok(afterMs < 1000, `answered after ${afterMs} ms`);
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    assert.equal((await fetch(`http://127.0.0.1:${limitedPort}/index.html`)).status, 200);
  });
});
