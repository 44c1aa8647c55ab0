import { RateLimiter, refuseOver } from './rate-limit';
import type { Queryable } from './db/db';

export interface LoginLimitFigures {
  windowMs: number;
  /** Attempts per client address per window, whatever the account. */
  perSource: number;
  /** Failed attempts per client address and account per window: then that pair is refused. */
  perPair: number;
  /** Failed attempts per account per window from all addresses, past which every attempt waits `slowdownMs`. */
  perAccount: number;
  slowdownMs: number;
}

/**
 * How failed logins slow guessing down without ever locking the owner out by someone else's guesses alone
 * (issue 23; docs/security.md, "Login limits"). One address is refused after its own failures at one account,
 * and after its attempts at all accounts; an account guessed at from many addresses is slowed (every attempt
 * waits before the password is checked), never refused. Counted in the database, so every instance agrees.
 * `name` keeps the counters of one kind of login (customers, staff) apart.
 */
export class LoginLimits {
  private readonly perSource: RateLimiter;
  private readonly perPair: RateLimiter;
  private readonly perAccount: RateLimiter;

  constructor(
    db: Queryable,
    name: string,
    private readonly figures: LoginLimitFigures,
  ) {
    this.perSource = new RateLimiter(db, `${name}-source`, figures.perSource, figures.windowMs);
    this.perPair = new RateLimiter(db, `${name}-pair`, figures.perPair, figures.windowMs);
    this.perAccount = new RateLimiter(db, `${name}-account`, figures.perAccount, figures.windowMs);
  }

  /** Before the password is checked: refuses an address over its limits, waits while the account is over its ceiling. */
  async beforeAttempt(source: string, account: string): Promise<void> {
    refuseOver(await this.perSource.hit(source));
    refuseOver(await this.perPair.check(pairKey(source, account)));
    if (!(await this.perAccount.check(account)).allowed) await sleep(this.figures.slowdownMs);
  }

  /** After a wrong password. */
  async failed(source: string, account: string): Promise<void> {
    await this.perPair.hit(pairKey(source, account));
    await this.perAccount.hit(account);
  }
}

const pairKey = (source: string, account: string) => `${source} ${account}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
