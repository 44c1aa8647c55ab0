// @ts-check
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { localhostCertificate, serveHttpsFront } from './https-front.mjs';

/** @typedef {import('node:http2').IncomingHttpHeaders & import('node:http2').IncomingHttpStatusHeader} Answer */

const dir = mkdtempSync(join(tmpdir(), 'https-front-'));
/** @type {import('node:http').Server} */
let backend;
/** @type {Awaited<ReturnType<typeof serveHttpsFront>>} */
let front;
/** @type {ReturnType<typeof localhostCertificate>} */
let certificate;

before(async () => {
  certificate = localhostCertificate(dir);
  // A kit server's ways: a validator and a 304, a header per answer, a body.
  backend = createServer((request, response) => {
    if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304, { ETag: '"v1"' }).end();
    response.writeHead(200, { 'Content-Type': 'text/plain', ETag: '"v1"', Connection: 'keep-alive', 'X-Frame-Options': 'DENY' });
    response.end(`${request.method} ${request.url} for ${request.headers.host}`);
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => backend.listen(0, '127.0.0.1', resolve)));
  front = await serveHttpsFront({ port: 0, backend, certificate });
});

after(() => {
  front.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * One request over HTTP/2, trusting the front's certificate only.
 * @param {string} path
 * @param {import('node:http2').OutgoingHttpHeaders} [headers]
 * @returns {Promise<{ status: number | undefined, headers: Answer, body: string }>}
 */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const session = connect(`https://127.0.0.1:${front.port}`, { ca: certificate.cert });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ...headers });
    let body = '';
    /** @type {Answer} */
    let answer;
    stream.on('response', (responseHeaders) => (answer = responseHeaders));
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (body += chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status: answer[':status'], headers: answer, body });
    });
    stream.on('error', reject);
  });
}

test("the kit server's answer comes back over HTTP/2 as it was sent, with the address the browser asked for", async () => {
  const { status, headers, body } = await get('/blogs?page=2');
  assert.equal(status, 200);
  assert.equal(body, `GET /blogs?page=2 for 127.0.0.1:${front.port}`);
  assert.equal(headers.etag, '"v1"');
  assert.equal(headers['x-frame-options'], 'DENY');
  assert.equal(headers.connection, undefined, 'HTTP/2 has no connection headers');
});

test('a revalidation gets its 304 without a body', async () => {
  const { status, body } = await get('/blogs', { 'if-none-match': '"v1"' });
  assert.equal(status, 304);
  assert.equal(body, '');
});

test('the browser is told to trust this certificate by its key', () => {
  assert.match(certificate.chromiumArgs[0], /^--ignore-certificate-errors-spki-list=[A-Za-z0-9+/]{43}=$/);
});
