import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { Config } from './config';
import type { Db } from './db/db';
import { HttpError } from './http-error';
import { createMailer, type Mailer } from './mail';
import { paymentRoutes } from './payments/payment-routes';
import { pictureFileRoutes } from './pictures/picture-routes';
import { accountRoutes } from './routes/accounts';
import { catalogRoutes } from './routes/catalog';
import { alive, healthRoutes } from './routes/health';
import { reportRoutes } from './routes/reports';
import { enquiryRoutes, requestRoutes } from './routes/requests';
import { staticRoutes } from './routes/static';
import { staffRoutes } from './staff/staff-routes';
import { testOutboxRoutes } from './routes/test-outbox';
import { testReportRoutes } from './routes/test-reports';
import { createLogger, type Logger } from './log';
import { limitBody, logRequests, logServerError, requestId, requireJsonBody } from './request-guards';
import { createServices } from './services';

export interface AppOptions {
  db: Db;
  config: Config;
  /** Defaults to what the config says (see createMailer). */
  mailer?: Mailer;
  /** Defaults to JSON lines at the config's level. */
  log?: Logger;
}

/** The mailer the config names (see createMailer). */
export const configuredMailer = (db: Db, config: Config, log: Logger = createLogger(config.logLevel)): Mailer =>
  createMailer(db, { testOutbox: config.testMailOutbox, smtpUrl: config.smtpUrl, from: config.mailFrom, log });

/** The whole API: main base under /api/, the second base under /requests/, images under /static/. */
export function createApp({ db, config, mailer, log = createLogger(config.logLevel) }: AppOptions): Hono {
  const services = createServices(db, config, mailer ?? configuredMailer(db, config, log), log);
  // Trailing slashes are optional: the spec calls 'booking/' and 'course-request/'.
  const app = new Hono({ strict: false });

  app.use('*', requestId, logRequests(log));
  app.use(
    '*',
    cors({
      origin: (origin) => (config.allowedOrigins.includes(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      // A page revalidates what it shows with If-None-Match, which needs a preflight: keep its answer (Chromium
      // keeps one for 2 hours at most) and let the page read the ETag it confirms next time.
      maxAge: 7200,
      exposeHeaders: ['X-Request-Id', 'ETag'],
    }),
  );
  // Before any route reads a body: 415 for a body that is not declared JSON, 413 over the size limit.
  app.use('*', requireJsonBody, limitBody);
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  app.get('/health', alive);
  app.route('/api', healthRoutes(db, log));
  app.route('/api', catalogRoutes(services));
  app.route('/api', enquiryRoutes(services));
  app.route('/api', reportRoutes(services));
  app.route('/api/user', accountRoutes(services));
  app.route('/api/payments', paymentRoutes(services));
  app.route('/api/staff', staffRoutes(services));
  app.route('/requests', requestRoutes(services));
  app.route('/static/pictures', pictureFileRoutes(services));
  app.route('/static', staticRoutes());
  if (config.testMailOutbox) {
    app.route('/api/test', testOutboxRoutes(services));
    app.route('/api/test', testReportRoutes(services));
  }

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status, error.headers);
    // An answer given instead of the handler's (a repeat's, idempotency.ts).
    if (error instanceof HTTPException) return error.getResponse();
    logServerError(log, c, error);
    return c.json({ message: 'Something went wrong on the server' }, 500);
  });
  return app;
}
