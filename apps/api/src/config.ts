/** Everything the server reads from the environment, with development defaults. */
export interface Config {
  port: number;
  /** Set: PostgreSQL through `pg`; unset: PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  production: boolean;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** The site's address, for links in mails (password reset). */
  siteUrl: string;
  /** This server's own address, for image URLs in answers. */
  publicUrl: string;
  allowedOrigins: string[];
  rateLimits: RateLimits;
  /** smtp://user:pass@host:port; unset: mail stays in the outbox only. */
  smtpUrl: string | null;
  mailFrom: string;
}

export interface RateLimits {
  windowMs: number;
  /** Login attempts per client address per window. */
  login: number;
  /** Register, resend, verify-otp and forgot-password calls per client address per window. */
  otp: number;
}

const DEV_JWT_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

const int = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 4000);
  const jwtSecret = env.JWT_SECRET ?? DEV_JWT_SECRET;
  if (production && jwtSecret === DEV_JWT_SECRET) throw new Error('Set JWT_SECRET in production.');
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters.');
  return {
    port,
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ?? new URL('../data/', import.meta.url).pathname,
    production,
    jwtSecret,
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 24 * 60 * 60),
    siteUrl: (env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimits: {
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 15 * 60 * 1000),
      login: int(env.RATE_LIMIT_LOGIN, 20),
      otp: int(env.RATE_LIMIT_OTP, 10),
    },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Agri-Food Training <no-reply@localhost>',
  };
}
