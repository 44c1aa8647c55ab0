// @ts-check
// The benchmarks' sites as production serves them: over HTTPS with HTTP/2, from a TLS front (docs/production.md:
// a TLS proxy or CDN in front of the kit's server). Over the kit's own HTTP/1.1 a page's two to four style
// sheets each wait for a connection of their own, and Lighthouse's simulation charges each a handshake at its
// mobile round trip; over HTTP/2 they share the page's one connection, and the document pays the TLS
// handshake, as they do for a visitor (docs/measures.md has both measured).
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { constants, createSecureServer } from 'node:http2';
import { join } from 'node:path';
import { aptInstall } from '../machine/apt.mjs';

// Headers of one HTTP/1.1 connection, which HTTP/2 forbids (RFC 9113 §8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'host']);

/**
 * A certificate for localhost, made in `dir` (with Debian's openssl), and the Chromium flag that trusts it and no
 * other: the browser then treats the site as any HTTPS site (a secure context, a service worker, no warning).
 *
 * @param {string} dir
 * @returns {{ key: Buffer, cert: Buffer, chromiumArgs: string[] }}
 */
export function localhostCertificate(dir) {
  if (!existsSync('/usr/bin/openssl')) aptInstall(['openssl'], "the benchmarks' HTTPS front");
  const keyFile = join(dir, 'localhost-key.pem');
  const certFile = join(dir, 'localhost-cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile);
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    key: readFileSync(keyFile),
    cert,
    chromiumArgs: [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`],
  };
}

/**
 * Serves HTTPS with HTTP/2 on `port` (127.0.0.1), passing each request to `backend` (a kit server, HTTP/1.1 on
 * 127.0.0.1) and its answer back as it is, headers and body. `close()` ends both and every connection to them.
 *
 * @param {{ port: number, backend: import('node:http').Server, certificate: { key: Buffer, cert: Buffer } }} options
 * @returns {Promise<{ port: number, close: () => void }>}
 */
export function serveHttpsFront({ port, backend, certificate }) {
  const backendPort = /** @type {import('node:net').AddressInfo} */ (backend.address()).port;
  const agent = new Agent({ keepAlive: true });
  const server = createSecureServer({ key: certificate.key, cert: certificate.cert });
  /** @type {Set<import('node:http2').ServerHttp2Session>} */
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    // A visitor who leaves mid-answer resets the stream: nothing to do but stop.
    stream.on('error', () => {});
    const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
    const toBackend = httpRequest(
      {
        host: '127.0.0.1',
        port: backendPort,
        agent,
        method: headers[':method'],
        path: headers[':path'],
        headers: { ...forwarded, host: headers[':authority'] },
      },
      (answer) => {
        if (stream.destroyed) return answer.resume();
        const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        stream.respond({ ':status': answer.statusCode, ...answerHeaders });
        answer.pipe(stream);
      },
    );
    toBackend.on('error', () => stream.close(constants.NGHTTP2_INTERNAL_ERROR));
    stream.pipe(toBackend);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', (error) => {
      backend.close();
      reject(error);
    });
    server.listen(port, '127.0.0.1', () =>
      resolvePromise({
        port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
        close: () => {
          for (const session of sessions) session.destroy();
          server.close();
          agent.destroy();
          backend.closeAllConnections();
          backend.close();
        },
      }),
    );
  });
}
