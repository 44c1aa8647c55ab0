import { createPasswords, type Passwords } from './accounts/passwords';
import type { Config } from './config';
import type { Db } from './db/db';
import { createLogger, errorText, type Logger } from './log';
import type { Mailer } from './mail';
import { LoginLimits } from './login-limits';
import { createDarajaClient, type DarajaClient } from './payments/daraja';
import { MemoryLimiter, RateLimiter, WriteLimit } from './rate-limit';
import { reportIntake, type ReportIntake } from './report-store';
import { createSessions, type Sessions } from './sessions';

/** The public writes, each limited per client address and per email address (rate-limit.ts, WriteLimit). */
export type PublicWrite = 'enquiry' | 'booking' | 'callRequest' | 'newsletter' | 'registration';
const PUBLIC_WRITES: PublicWrite[] = ['enquiry', 'booking', 'callRequest', 'newsletter', 'registration'];

/** What every route group needs, built once per app. */
export interface Services {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: Logger;
  /** Safaricom's Daraja (or the kit's simulator) when M-Pesa is configured (config.mpesa); null: no payments taken. */
  daraja: DarajaClient | null;
  /** Customer sessions: 24 h from login, or an hour unused (config). */
  sessions: Sessions;
  /** Customers' and staff's password hashes (scrypt at config.passwordCost). */
  passwords: Passwords;
  limits: {
    login: LoginLimits;
    otp: RateLimiter;
    mailsPerAddress: RateLimiter;
    writes: Record<PublicWrite, WriteLimit>;
    /** Browser report batches per client address (POST /api/reports), in memory: a flood costs the database nothing. */
    reports: MemoryLimiter;
    /** Report sessions started per client address, in memory too. */
    reportSessions: MemoryLimiter;
    /**
     * M-Pesa requests per client address and per customer (or booking), and prompts per phone number: nobody can flood a
     * stranger's phone with prompts, nor lock it with refused requests (payment-routes.ts).
     */
    paymentSources: RateLimiter;
    paymentFollows: MemoryLimiter;
    payments: RateLimiter;
    paymentPhones: RateLimiter;
  };
  /** Where browser reports go: written in batches, off the path of the site's reads (report-store.ts). */
  reports: ReportIntake;
  /** Stored image paths ('/static/...') as absolute URLs, since the site runs on other origins. */
  absoluteUrl: (path: string) => string;
}

export function createServices(db: Db, config: Config, mailer: Mailer, log: Logger = createLogger(config.logLevel)): Services {
  const limits = config.rateLimits;
  return {
    db,
    config,
    mailer,
    log,
    daraja: config.mpesa ? createDarajaClient(config.mpesa) : null,
    passwords: createPasswords(config.passwordCost),
    sessions: createSessions(config.jwtSecret, {
      table: 'sessions',
      ownerColumn: 'customer_id',
      absoluteSeconds: config.tokenTtlSeconds,
      idleSeconds: config.sessionIdleSeconds,
    }),
    limits: {
      login: new LoginLimits(db, 'login', {
        windowMs: limits.windowMs,
        perSource: limits.login,
        perPair: limits.loginPerPair,
        perAccount: limits.loginPerAccount,
        slowdownMs: limits.loginSlowdownMs,
      }),
      otp: new RateLimiter(db, 'otp', limits.otp, limits.windowMs),
      mailsPerAddress: new RateLimiter(db, 'mails', limits.mailsPerAddress, limits.windowMs),
      writes: Object.fromEntries(
        PUBLIC_WRITES.map((write) => [
          write,
          new WriteLimit(db, write, { perSource: limits.writesPerSource, perEmail: limits.writesPerEmail, windowMs: limits.windowMs }),
        ]),
      ) as Record<PublicWrite, WriteLimit>,
      reports: new MemoryLimiter(limits.reports, limits.windowMs),
      reportSessions: new MemoryLimiter(limits.reportSessions, limits.windowMs),
      paymentSources: new RateLimiter(db, 'payment-sources', limits.paymentsPerSource, limits.windowMs),
      paymentFollows: new MemoryLimiter(limits.paymentFollowsPerSource, limits.windowMs),
      payments: new RateLimiter(db, 'payments', limits.paymentsPerCustomer, limits.windowMs),
      paymentPhones: new RateLimiter(db, 'payment-phones', limits.paymentsPerPhone, limits.windowMs),
    },
    reports: reportIntake({ db, config }, (error) => log.error('browser reports not stored', { error: errorText(error) })),
    absoluteUrl: (path) => (path.startsWith('/') ? `${config.publicUrl}${path}` : path),
  };
}
