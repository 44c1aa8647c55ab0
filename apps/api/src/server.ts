import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
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

export interface ServeOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname: string;
  db: Db;
  log: Logger;
  graceMs?: number;
}

export async function serveApi({ fetch, port, hostname, db, log, graceMs = 10_000 }: ServeOptions): Promise<RunningServer> {
  // serve() makes a plain HTTP/1.1 server unless told to make another.
  const server = serve({ fetch, port, hostname }) as Server;
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
