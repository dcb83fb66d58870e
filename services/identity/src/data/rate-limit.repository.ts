import type { Client } from './prisma-client';

/** A limit's hits in its current window, and when that window ends. */
export interface WindowCount {
  hits: number;
  resetAt: Date;
}

/**
 * Rate-limit counters every identity replica shares (`rate_limit_counters`). Windows are measured on the
 * database's clock, so replicas whose clocks disagree still agree on when a window ends.
 */
export class RateLimitRepository {
  constructor(private readonly db: Client) {}

  /**
   * Counts one hit in one statement: a new key or an ended window starts at 1, otherwise the row's count
   * goes up under its row lock, so hits racing in from several replicas are each counted exactly once.
   */
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [row] = await this.db.$queryRaw<WindowCount[]>`
      INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${windowMs}::float8 / 1000))
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.hits + 1 END,
        reset_at = CASE WHEN c.reset_at <= now() THEN EXCLUDED.reset_at ELSE c.reset_at END
      RETURNING hits, reset_at AS "resetAt"`;
    return row!;
  }

  /** The key's count in a window that has not ended, or null. */
  async current(key: string): Promise<WindowCount | null> {
    const rows = await this.db.$queryRaw<WindowCount[]>`SELECT hits, reset_at AS "resetAt" FROM rate_limit_counters WHERE key = ${key} AND reset_at > now()`;
    return rows[0] ?? null;
  }

  /** Takes back one hit of a window that has not ended (a request the limiter was told not to count). */
  async unhit(key: string): Promise<void> {
    await this.db.$executeRaw`UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = ${key} AND hits > 0 AND reset_at > now()`;
  }

  async forget(key: string): Promise<void> {
    await this.db.rateLimitCounter.deleteMany({ where: { key } });
  }

  /** Housekeeping: a window that has ended counts nothing any more. */
  deleteExpired(): Promise<number> {
    return this.db.$executeRaw`DELETE FROM rate_limit_counters WHERE reset_at <= now()`;
  }
}
