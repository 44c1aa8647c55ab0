/** Fixed-window counters in memory: enough for one server process. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key is over its limit for this window. */
  hit(key: string, now = Date.now()): boolean {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return this.max >= 1;
    }
    window.count += 1;
    return window.count <= this.max;
  }

  /** True when the key has used up this window, without counting a hit. */
  isOver(key: string, now = Date.now()): boolean {
    const window = this.windows.get(key);
    return window !== undefined && window.resetAt > now && window.count >= this.max;
  }

  /** Seconds until the key's window resets, for Retry-After. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return window ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 1;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
