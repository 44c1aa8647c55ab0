import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { OWASP_SCRYPT, type PasswordCost } from './accounts/passwords';
import type { ApiDialect } from './dialect';
import { readEnvironment, type Environment } from './environment';
import type { LogLevel } from './log';
import { mpesaFrom, type MpesaConfig } from './payments/mpesa-config';
import { readStaffConfig, type StaffConfig } from './staff/staff-config';

/** Everything the server reads from the environment. No secret has a default: see `jwtSecretFrom`. */
export interface Config {
  port: number;
  /** Set: PostgreSQL through `pg`; unset: PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  production: boolean;
  jwtSecret: string;
  /** A customer session's absolute limit, from its login. */
  tokenTtlSeconds: number;
  /** A customer session ends when unused for this long (any instance's answer renews it). */
  sessionIdleSeconds: number;
  /** The site's address, for links in mails (password reset). */
  siteUrl: string;
  /** This server's own address, for image URLs in answers. */
  publicUrl: string;
  allowedOrigins: string[];
  rateLimits: RateLimits;
  /**
   * smtps://user:pass@host:465 (TLS) or smtp://user:pass@host:587 (STARTTLS required when it has credentials; see
   * mail.ts); unset: mail is printed to the terminal that runs the server, which production allows only when the
   * operator says so (MAIL_TO_TERMINAL=on, as `npm start` does).
   */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Test harness only (TEST_MAIL_OUTBOX=on with NODE_ENV=test): mail goes to the outbox table and
   * GET /api/test/outbox reads it. Never in production: readConfig refuses the combination.
   */
  testMailOutbox: boolean;
  /** How many reverse proxies in front of the server append to X-Forwarded-For; 0: use the socket address. */
  trustedProxyHops: number;
  /** API_DIALECT: answer in our contract's forms ('reference', the default) or as the hosted API does ('hosted'). */
  dialect: ApiDialect;
  /** The least severe JSON log line written: `info` logs every request, `warn` only problems. */
  logLevel: LogLevel;
  /**
   * Browser reports (POST /api/reports): how long they are kept, at most how many, and how many report requests
   * (batches and session starts) one instance takes a second at most: past it they are answered 503 before they
   * cost a parse (REPORTS_PER_SECOND; a flood from ever new addresses, which no per-address limit holds).
   */
  reports: { retentionDays: number; maxRows: number; perSecond: number };
  /**
   * The bearer token of GET /api/reports/summary (release health, the canary watcher): REPORTS_READ_TOKEN,
   * else the file REPORTS_READ_TOKEN_FILE names (created with a random token). Unset: no summary is served.
   */
  reportsReadToken: string | null;
  /** The back office: lead notifications and staff sessions. */
  staff: StaffConfig;
  /** M-Pesa payments through Daraja (docs/payments.md); null when not all of its settings are given: no payments taken. */
  mpesa: MpesaConfig | null;
  /** scrypt's cost for new password hashes: OWASP's minimum; PASSWORD_HASH_LOG2N lowers N in the tests only. */
  passwordCost: PasswordCost;
}

/** OWASP's scrypt cost, or a lower N for the tests (NODE_ENV=test), which hash hundreds of passwords. */
function passwordCostFrom(env: NodeJS.ProcessEnv): PasswordCost {
  if (!env.PASSWORD_HASH_LOG2N) return OWASP_SCRYPT;
  const log2N = Number(env.PASSWORD_HASH_LOG2N);
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20) throw new Error('PASSWORD_HASH_LOG2N must be a whole number from 10 to 20.');
  if (log2N < OWASP_SCRYPT.log2N && env.NODE_ENV !== 'test') {
    throw new Error(`PASSWORD_HASH_LOG2N below ${OWASP_SCRYPT.log2N} is for the tests only (NODE_ENV=test): passwords are hashed at OWASP's cost.`);
  }
  return { ...OWASP_SCRYPT, log2N };
}

/** Every limit counts in one window, in the database (see rate-limit.ts); docs/security.md has the figures. */
export interface RateLimits {
  windowMs: number;
  /** Login attempts per client address per window. */
  login: number;
  /** Failed logins per client address and account per window: then that pair is refused, nobody else. */
  loginPerPair: number;
  /**
   * Failed logins per account per window from all addresses, past which every login to the account waits
   * `loginSlowdownMs` before its password is checked: slowed, never refused, so the owner still gets in.
   */
  loginPerAccount: number;
  loginSlowdownMs: number;
  /** Resend, verify-otp, confirm-email and forgot-password calls per client address per window. */
  otp: number;
  /** Codes, links and notices mailed to one address per window, so nobody can flood a stranger's mailbox. */
  mailsPerAddress: number;
  /** Each public write (enquiry, booking, call request, newsletter, registration) per client address per window. */
  writesPerSource: number;
  /** Each public write per email address it names per window. */
  writesPerEmail: number;
  /**
   * Browser report batches per client address per window: a visitor's browser sends one or two a page, and
   * many visitors may share one address (a school, a mobile operator's gateway).
   */
  reports: number;
  /** Report sessions the site starts per client address per window (one a visit that reports). */
  reportSessions: number;
  /** M-Pesa requests per client address per window, refused or not, counted before anything else is looked at. */
  paymentsPerSource: number;
  /** Looks at a payment in progress per client address per window (a page asks every few seconds), in memory. */
  paymentFollowsPerSource: number;
  /** M-Pesa requests a customer may start per window (each a prompt on a phone). */
  paymentsPerCustomer: number;
  /**
   * M-Pesa prompts to one phone number per window, from all customers and visitors; only a prompt really sent counts
   * (the order or booking and its token valid), so a stranger's refused requests never lock the number.
   */
  paymentsPerPhone: number;
}

const MIN_SECRET_LENGTH = 32;

/** The secret a file holds, the file created with a random one (mode 0600) the first time. */
function secretFile(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * JWT_SECRET, else the file JWT_SECRET_FILE names. The local runs (`npm start`, `npm run dev`) name a
 * file in the data directory: it is created with a random secret on first start and kept, so sessions
 * survive restarts and no secret ever comes from the repository.
 */
function jwtSecretFrom(env: NodeJS.ProcessEnv): string {
  let secret = env.JWT_SECRET;
  if (!secret && env.JWT_SECRET_FILE) secret = secretFile(env.JWT_SECRET_FILE);
  if (!secret) throw new Error('Set JWT_SECRET (at least 32 random characters) or JWT_SECRET_FILE.');
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
  return secret;
}

/**
 * Where the API keeps its PGlite database, its generated secrets and mpesa.json: DATA_DIR, else apps/api/data. The
 * default's one home: the staff command (staff-cli.ts) takes it from here; tooling/serve/api-process.mjs, plain Node, keeps a copy.
 */
export const dataDirFrom = (env: NodeJS.ProcessEnv): string => env.DATA_DIR ?? new URL('../data/', import.meta.url).pathname;

/** The server's settings: the environment's scalar ones through its schema (environment.ts), the secrets and files here. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = readEnvironment(env);
  const production = env.NODE_ENV === 'production';
  const testMailOutbox = settings.TEST_MAIL_OUTBOX;
  if (testMailOutbox && env.NODE_ENV !== 'test') {
    throw new Error('TEST_MAIL_OUTBOX is for the test harness only (NODE_ENV=test); production never serves mail over HTTP.');
  }
  const jwtSecret = jwtSecretFrom(env);
  const smtpUrl = env.SMTP_URL || null;
  if (production && !smtpUrl && !testMailOutbox && !settings.MAIL_TO_TERMINAL) {
    throw new Error(
      'Set SMTP_URL: in production, codes and reset links are mailed. To print them in this terminal instead ' +
        '(a local run; production log shipping would carry them off), set MAIL_TO_TERMINAL=on.',
    );
  }
  const publicUrl = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
  const dataDir = dataDirFrom(env);
  return {
    port: settings.PORT,
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    production,
    jwtSecret,
    tokenTtlSeconds: settings.TOKEN_TTL_SECONDS,
    sessionIdleSeconds: settings.SESSION_IDLE_SECONDS,
    siteUrl: settings.SITE_URL!,
    publicUrl,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimits: rateLimitsOf(settings),
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Agri-Food Training <no-reply@localhost>',
    testMailOutbox,
    trustedProxyHops: settings.TRUSTED_PROXY_HOPS,
    dialect: settings.API_DIALECT,
    logLevel: settings.LOG_LEVEL,
    reports: { retentionDays: settings.REPORTS_RETENTION_DAYS, maxRows: settings.REPORTS_MAX_ROWS, perSecond: settings.REPORTS_PER_SECOND },
    reportsReadToken: env.REPORTS_READ_TOKEN || (env.REPORTS_READ_TOKEN_FILE ? secretFile(env.REPORTS_READ_TOKEN_FILE) : null),
    staff: readStaffConfig(env, settings),
    mpesa: mpesaFrom(env, publicUrl, dataDir, production),
    passwordCost: passwordCostFrom(env),
  };
}

const rateLimitsOf = (settings: Environment): RateLimits => ({
  windowMs: settings.RATE_LIMIT_WINDOW_MS,
  login: settings.RATE_LIMIT_LOGIN,
  loginPerPair: settings.RATE_LIMIT_LOGIN_PAIR,
  loginPerAccount: settings.RATE_LIMIT_LOGIN_ACCOUNT,
  loginSlowdownMs: settings.LOGIN_SLOWDOWN_MS,
  otp: settings.RATE_LIMIT_OTP,
  mailsPerAddress: settings.RATE_LIMIT_MAILS,
  writesPerSource: settings.RATE_LIMIT_WRITES_SOURCE,
  writesPerEmail: settings.RATE_LIMIT_WRITES_EMAIL,
  reports: settings.RATE_LIMIT_REPORTS,
  reportSessions: settings.RATE_LIMIT_REPORT_SESSIONS,
  paymentsPerSource: settings.RATE_LIMIT_PAYMENTS_SOURCE,
  paymentFollowsPerSource: settings.RATE_LIMIT_PAYMENT_FOLLOWS,
  paymentsPerCustomer: settings.RATE_LIMIT_PAYMENTS,
  paymentsPerPhone: settings.RATE_LIMIT_PAYMENTS_PHONE,
});
