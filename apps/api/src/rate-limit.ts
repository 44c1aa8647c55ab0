import type { Queryable } from './db/db';
import { HttpError } from './http-error';

/** A request under the limit, or the seconds until its window ends (for Retry-After). */
export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Expired windows are deleted once in this many hits of an instance, so the table stays small. */
const SWEEP_EVERY = 1000;

/**
 * Fixed-window counters in the `rate_limit_counters` table, shared by every instance on one database.
 * Each hit is one upsert, so concurrent hits from any instance are all counted.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Queryable,
    /** Which limit: counters of different limits never mix. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts one hit for the key; refused when that takes it over the limit for this window. Counted in `db` when given:
   * a transaction's hit is undone with the rest of it, so only what the transaction did is counted.
   */
  async hit(key: string, db: Queryable = this.db): Promise<Verdict> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await db.query('DELETE FROM rate_limit_counters WHERE window_ends_at <= now()');
    }
    const [counter] = await db.query<{ hits: number; window_ends_at: Date }>(
      `INSERT INTO rate_limit_counters AS c (limit_name, key, hits, window_ends_at)
       VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
       ON CONFLICT (limit_name, key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
         window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
       RETURNING hits, window_ends_at`,
      [this.name, key, this.windowMs],
    );
    return this.verdict(counter!.hits > this.max, counter!.window_ends_at);
  }

  /** Refused when the key has used up this window; counts nothing. */
  async check(key: string): Promise<Verdict> {
    const [counter] = await this.db.query<{ hits: number; window_ends_at: Date }>(
      'SELECT hits, window_ends_at FROM rate_limit_counters WHERE limit_name = $1 AND key = $2 AND window_ends_at > now()',
      [this.name, key],
    );
    return counter ? this.verdict(counter.hits >= this.max, counter.window_ends_at) : { allowed: true };
  }

  private verdict(over: boolean, windowEndsAt: Date): Verdict {
    if (!over) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((new Date(windowEndsAt).getTime() - Date.now()) / 1000)) };
  }
}

/** Throws the 429 (with Retry-After) of a refused verdict. */
export function refuseOver(verdict: Verdict): void {
  if (!verdict.allowed) {
    throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', {
      'Retry-After': String(verdict.retryAfterSeconds),
    });
  }
}

/**
 * The limits of one kind of public write (an enquiry, a booking, a report…): at most `perSource` a window
 * from one client address, and `perEmail` naming one email address from anywhere, so nobody can flood the
 * business or test addresses in bulk. Both are counted on every try, refused or not: the address first, before
 * the body is read (a flood of bad bodies meets the 429 too), then the email the body names.
 */
export class WriteLimit {
  private readonly perSource: RateLimiter;
  private readonly perEmail: RateLimiter;

  constructor(db: Queryable, name: string, limits: { perSource: number; perEmail: number; windowMs: number }) {
    this.perSource = new RateLimiter(db, `${name}-source`, limits.perSource, limits.windowMs);
    this.perEmail = new RateLimiter(db, `${name}-email`, limits.perEmail, limits.windowMs);
  }

  /** Throws the 429 when the client address is over its limit. */
  async fromSource(source: string): Promise<void> {
    refuseOver(await this.perSource.hit(source));
  }

  /** Throws the 429 when the email address is over its limit. */
  async naming(email: string): Promise<void> {
    refuseOver(await this.perEmail.hit(email.trim().toLowerCase()));
  }
}

/**
 * A fixed-window limit kept in this instance's memory, for a flood that must cost the database nothing (browser
 * reports): no write per hit, each instance counting its own. At most `maxKeys` keys a window: past that, a
 * new key is refused until the window ends (a flood from ever new addresses cannot grow the memory).
 */
export class MemoryLimiter {
  private hits = new Map<string, number>();
  private windowEndsAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  hit(key: string, now = Date.now()): Verdict {
    if (now >= this.windowEndsAt) {
      this.hits = new Map();
      this.windowEndsAt = now + this.windowMs;
    }
    const known = this.hits.get(key);
    const refused: Verdict = { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((this.windowEndsAt - now) / 1000)) };
    if (known === undefined && this.hits.size >= this.maxKeys) return refused;
    const hits = (known ?? 0) + 1;
    this.hits.set(key, hits);
    return hits > this.max ? refused : { allowed: true };
  }
}
