import * as z from 'zod/mini';
import { API_DIALECTS } from './dialect';
import { LOG_LEVELS } from './log';

// The API's settings that are numbers, switches, choices and addresses, each with its rule and default: one
// schema of the environment (README of apps/api, "Environment"). A value that breaks its rule stops the server
// with its name and value, instead of quietly becoming the default (PORT=abc once started on 4000).

const unset = (text: string | undefined): text is undefined => text === undefined || text.trim() === '';

/** A setting read from its text: unset or empty gives `fallback`; otherwise `read` says the value, or null with `rule`. */
const setting = <T>(fallback: T, rule: string, read: (text: string) => T | null) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((text: string | undefined, ctx): T => {
      if (unset(text)) return fallback;
      const value = read(text.trim());
      if (value !== null) return value;
      ctx.issues.push({ code: 'custom', message: rule, input: text });
      return z.NEVER;
    }),
  );

/** A whole number of at least `min`. */
const whole = (fallback: number, min = 0) =>
  setting(fallback, `must be a whole number${min > 0 ? ` of at least ${min}` : ''}`, (text) =>
    /^\d+$/.test(text) && Number(text) >= min ? Number(text) : null,
  );

/** A number above 0 (fractions allowed: STAFF_SESSION_HOURS=0.5). */
const positive = (fallback: number) =>
  setting(fallback, 'must be a number above 0', (text) => (/^\d+(\.\d+)?$/.test(text) && Number(text) > 0 ? Number(text) : null));

/** on (1, true, yes) or off (0, false, no). */
const switchSetting = setting(false, 'must be on or off', (text) => {
  const lower = text.toLowerCase();
  return ['1', 'true', 'on', 'yes'].includes(lower) ? true : ['0', 'false', 'off', 'no'].includes(lower) ? false : null;
});

const oneOf = <Value extends string>(values: readonly Value[], fallback: Value) =>
  setting<Value>(fallback, `must be one of: ${values.join(', ')}`, (text) => ((values as readonly string[]).includes(text) ? (text as Value) : null));

/** An http(s) address, without its trailing slashes. */
const address = (fallback: string | null) =>
  setting<string | null>(fallback, 'must be an http:// or https:// address', (text) =>
    URL.canParse(text) && /^https?:$/.test(new URL(text).protocol) ? text.replace(/\/+$/, '') : null,
  );

export const environmentSchema = z.object({
  PORT: whole(4000),
  API_DIALECT: oneOf(API_DIALECTS, 'reference'),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  TEST_MAIL_OUTBOX: switchSetting,
  MAIL_TO_TERMINAL: switchSetting,
  SITE_URL: address('http://localhost:3000'),
  /** Unset: http://localhost:<PORT> (readConfig). */
  PUBLIC_URL: address(null),
  TOKEN_TTL_SECONDS: whole(24 * 60 * 60, 1),
  SESSION_IDLE_SECONDS: whole(60 * 60, 1),
  TRUSTED_PROXY_HOPS: whole(0),
  RATE_LIMIT_WINDOW_MS: whole(15 * 60 * 1000, 1),
  RATE_LIMIT_LOGIN: whole(20),
  RATE_LIMIT_LOGIN_PAIR: whole(5),
  RATE_LIMIT_LOGIN_ACCOUNT: whole(10),
  LOGIN_SLOWDOWN_MS: whole(2000),
  RATE_LIMIT_OTP: whole(10),
  RATE_LIMIT_MAILS: whole(5),
  RATE_LIMIT_WRITES_SOURCE: whole(10),
  RATE_LIMIT_WRITES_EMAIL: whole(5),
  RATE_LIMIT_REPORTS: whole(600),
  RATE_LIMIT_REPORT_SESSIONS: whole(60),
  RATE_LIMIT_PAYMENTS_SOURCE: whole(20),
  RATE_LIMIT_PAYMENT_FOLLOWS: whole(1200),
  RATE_LIMIT_PAYMENTS: whole(10),
  RATE_LIMIT_PAYMENTS_PHONE: whole(5),
  REPORTS_RETENTION_DAYS: whole(30, 1),
  REPORTS_MAX_ROWS: whole(1_000_000, 1),
  REPORTS_PER_SECOND: whole(50, 1),
  STAFF_NOTIFY_PER_MINUTE: whole(10, 1),
  STAFF_NOTIFY_INTERVAL_MS: positive(2000),
  STAFF_IDLE_MINUTES: positive(30),
  STAFF_SESSION_HOURS: positive(8),
  // Read with the data directory's mpesa.json as well (payments/mpesa-config.ts, mpesaFrom).
  MPESA_QUERY_AFTER_SECONDS: whole(60),
  MPESA_EXPIRY_SECONDS: whole(180),
});
export type Environment = z.output<typeof environmentSchema>;

/** The settings of `env`, or an error naming every one that breaks its rule, with its value. */
export function readEnvironment(env: Record<string, string | undefined>): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name}=${JSON.stringify(env[name])} ${issue.message}`;
  });
  throw new Error(`Settings that cannot be used: ${problems.join('; ')}.`);
}
