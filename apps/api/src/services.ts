import type { Config } from './config';
import type { Db } from './db/db';
import type { Mailer } from './mail';
import { RateLimiter } from './rate-limit';
import { createTokenSigner, type TokenSigner } from './accounts/tokens';

/** What every route group needs, built once per app. */
export interface Services {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenSigner;
  limits: { login: RateLimiter; loginPerAccount: RateLimiter; otp: RateLimiter; mailsPerAddress: RateLimiter; reports: RateLimiter };
  /** Stored image paths ('/static/...') as absolute URLs, since the site runs on other origins. */
  absoluteUrl: (path: string) => string;
}

export function createServices(db: Db, config: Config, mailer: Mailer): Services {
  return {
    db,
    config,
    mailer,
    tokens: createTokenSigner(config.jwtSecret, config.tokenTtlSeconds),
    limits: {
      login: new RateLimiter(db, 'login', config.rateLimits.login, config.rateLimits.windowMs),
      loginPerAccount: new RateLimiter(db, 'login-account', config.rateLimits.loginPerAccount, config.rateLimits.windowMs),
      otp: new RateLimiter(db, 'otp', config.rateLimits.otp, config.rateLimits.windowMs),
      mailsPerAddress: new RateLimiter(db, 'mails', config.rateLimits.mailsPerAddress, config.rateLimits.windowMs),
      reports: new RateLimiter(db, 'reports', config.rateLimits.reports, config.rateLimits.windowMs),
    },
    absoluteUrl: (path) => (path.startsWith('/') ? `${config.publicUrl}${path}` : path),
  };
}
