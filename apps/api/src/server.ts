import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Config } from './config';
import { openPglite, openPostgres, type Db } from './db/db';
import { migrate } from './db/migrations';
import { seed } from './db/seed';
import type { Logger } from './log';

/** Opens (creating on first start), migrates and seeds the database the config names. */
export async function openDatabase(config: Config): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = openPostgres(config.databaseUrl);
  } else {
    db = await openPrivatePglite(config.dataDir);
  }
  await migrate(db);
  await seed(db, config.dialect);
  return db;
}

/**
 * PGlite in a data directory only its owner can enter: the folder 0700, its files 0600. The process keeps a
 * umask of 077, since PGlite writes files as long as it runs; the files its first start copies from its
 * template (0666) are set to 0600, as are those of a folder made before this rule.
 */
async function openPrivatePglite(dataDir: string): Promise<Db> {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = await openPglite(dataDir);
  ownerOnly(dataDir);
  return db;
}

function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}

export interface RunningServer {
  address: AddressInfo;
  /**
   * Stops taking connections, lets the requests in flight finish (for at most `graceMs`, then cuts
   * them), and closes the database. The same promise however often it is called.
   */
  shutdown(): Promise<void>;
}

/**
 * How long a client may take, and how many may be connected at once (docs/security.md, "The kit's edges").
 * A client that has not sent its request line and headers in `headersMs` (slow headers, "slowloris"), or
 * its whole request, body included, in `requestMs`, gets 408; a connection that moves no byte for `idleMs`
 * is closed, and so is a kept-alive one unused for `keepAliveMs`. Past `maxConnections` open connections a
 * new one is answered 503 at once and closed. Bodies are at most 100 KB (request-guards.ts), so 30 s is a
 * slow phone's time many times over.
 */
export interface ConnectionLimits {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
  maxConnections: number;
}

export const API_LIMITS: ConnectionLimits = { headersMs: 10_000, requestMs: 30_000, idleMs: 30_000, keepAliveMs: 5_000, maxConnections: 1024 };

const BUSY = JSON.stringify({ message: 'The server is busy; please try again in a moment' });
const BUSY_ANSWER = `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: ${BUSY.length}\r\n\r\n${BUSY}`;
/**
 * Puts `limits` on the server: Node's own time limits, and the cap, which answers a connection past it on
 * the raw socket before Node's parser (attached by the listener after this one) reads a byte of it.
 */
function limitServer(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  server.setTimeout(limits.idleMs); // no 'timeout' listener: Node destroys the socket
  let open = 0;
  server.prependListener('connection', (socket: Socket) => {
    open += 1;
    socket.once('close', () => (open -= 1));
    if (open <= limits.maxConnections) return;
    socket.on('error', () => {});
    socket.end(BUSY_ANSWER, () => socket.destroy());
  });
}

const REPORT_REQUEST = /^\/api\/reports(\/session)?(\?|$)/;

/**
 * The door of the browser reports: at most `perSecond` report requests a second go on to the API; the others are
 * answered 503 here, before the request is parsed, so that a flood of reports
 * from ever new addresses cannot take the processor from the site's reads. Real visitors' reports are lost
 * while it lasts, never stored ones, and never a page or a form. The site's pages may read the 503 as they read
 * the API's answers (the CORS of app.ts), rather than meet a CORS error in the visitor's console.
 */
export function reportsDoor(
  perSecond: number,
  allowedOrigins: readonly string[],
  now = Date.now,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  let second = 0;
  let taken = 0;
  return (request, response) => {
    if (request.method !== 'POST' || !REPORT_REQUEST.test(request.url ?? '')) return false;
    const current = Math.floor(now() / 1000);
    if (current !== second) [second, taken] = [current, 0];
    taken += 1;
    if (taken <= perSecond) return false;
    const origin = request.headers.origin;
    const cors = origin && allowedOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' } : {};
    response
      .writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5', 'Content-Length': Buffer.byteLength(BUSY), Vary: 'Origin', ...cors })
      .end(BUSY);
    return true;
  };
}

export interface ServeOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname: string;
  db: Db;
  log: Logger;
  /** Report requests a second at most (reportsDoor). */
  reportsPerSecond: number;
  /** The site's origins, which may read the API's answers (config.allowedOrigins). */
  allowedOrigins: readonly string[];
  graceMs?: number;
  limits?: Partial<ConnectionLimits>;
}

export async function serveApi({
  fetch,
  port,
  hostname,
  db,
  log,
  reportsPerSecond,
  allowedOrigins,
  graceMs = 10_000,
  limits,
}: ServeOptions): Promise<RunningServer> {
  const api = getRequestListener(fetch, { hostname });
  const door = reportsDoor(reportsPerSecond, allowedOrigins);
  // Limits are checked every second (Node's default is every 30 s: a 60 s limit held a client 90 s).
  const server = createServer({ connectionsCheckingInterval: 1000 }, (request, response) => {
    if (!door(request, response)) void api(request, response);
  });
  limitServer(server, { ...API_LIMITS, ...limits });
  server.listen(port, hostname);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  let closing: Promise<void> | undefined;
  // close() waits for every connection to end, and an answered keep-alive connection would stay open until
  // its timeout: while closing, each answer closes its connection once it is idle.
  server.on('request', (_request, response) =>
    response.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    }),
  );
  const shutdown = () =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => {
        log.warn('shutdown: requests still in flight after the grace period are cut', { graceMs });
        server.closeAllConnections();
      }, graceMs);
      await closed;
      clearTimeout(cut);
      await db.close();
    })());
  return { address: server.address() as AddressInfo, shutdown };
}
