import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { readConfig } from './config';
import { openPglite, openPostgres, type Db } from './db/db';
import { migrate } from './db/migrations';
import { seed } from './db/seed';

/** Opens (creating on first start), migrates and seeds the database the environment names. */
export async function openDatabase(config = readConfig()): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = openPostgres(config.databaseUrl);
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    db = await openPglite(config.dataDir);
  }
  await migrate(db);
  await seed(db, config.dialect);
  return db;
}

const config = readConfig();
const started = Date.now();
const db = await openDatabase(config);
const app = createApp({ db, config });
const server = serve({ fetch: app.fetch, port: config.port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  const store = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`API listening on http://${info.address}:${info.port} (${store}, ready in ${Date.now() - started} ms)`);
});

const shutdown = () => {
  server.close(() => void db.close().then(() => process.exit(0)));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
