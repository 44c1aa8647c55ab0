import { configuredMailer, createApp } from './app';
import { readConfig } from './config';
import { createLogger, errorText } from './log';
import { openDatabase, serveApi } from './server';
import { createPaymentWatch, PAYMENT_WATCH_INTERVAL_MS } from './payments/payment-watch';
import { createLeadNotifier } from './staff/lead-notifier';

const config = readConfig();
const log = createLogger(config.logLevel);
const started = Date.now();
const db = await openDatabase(config);
const hostname = process.env.HOST ?? '127.0.0.1';
const mailer = configuredMailer(db, config, log);
const server = await serveApi({
  fetch: createApp({ db, config, log, mailer }).fetch,
  port: config.port,
  hostname,
  db,
  log,
  reportsPerSecond: config.reports.perSecond,
  allowedOrigins: config.allowedOrigins,
});
// New leads are mailed to the business (STAFF_NOTIFY_EMAIL) from here, within seconds.
const stopNotifying = createLeadNotifier(db, mailer, config, log).start(config.staff.notifyIntervalMs);
// Late M-Pesa results asked for, payments given up on expired, receipts mailed.
const stopWatchingPayments = createPaymentWatch(db, mailer, config, log).start(PAYMENT_WATCH_INTERVAL_MS);
log.info('listening', {
  url: `http://${server.address.address}:${server.address.port}`,
  database: config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`,
  mpesa: config.mpesa ? config.mpesa.baseUrl : 'off',
  startupMs: Date.now() - started,
});

// A load balancer's stop or Ctrl-C: finish what is in flight, then exit.
const stop = (signal: NodeJS.Signals) => {
  log.info('shutting down', { signal });
  stopNotifying();
  stopWatchingPayments();
  void server.shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error('shutdown failed', { error: errorText(error) });
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
