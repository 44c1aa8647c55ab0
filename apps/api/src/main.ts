import { createApp } from './app';
import { readConfig } from './config';
import { createLogger } from './log';
import { openDatabase, serveApi } from './server';

const config = readConfig();
const log = createLogger(config.logLevel);
const started = Date.now();
const db = await openDatabase(config);
const hostname = process.env.HOST ?? '127.0.0.1';
const server = await serveApi({ fetch: createApp({ db, config, log }).fetch, port: config.port, hostname, db, log });
log.info('listening', {
  url: `http://${server.address.address}:${server.address.port}`,
  database: config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`,
  startupMs: Date.now() - started,
});

// A load balancer's stop or Ctrl-C: finish what is in flight, then exit.
const stop = (signal: NodeJS.Signals) => {
  log.info('shutting down', { signal });
  void server.shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error('shutdown failed', { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
