import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { UnitOfWork } from './unit-of-work';

const info = (c: { hits: number; resetAt: Date }): ClientRateLimitInfo => ({ totalHits: c.hits, resetTime: c.resetAt });

/**
 * express-rate-limit's counters in identity's database instead of one process's memory: a limit holds
 * across every identity replica, whichever of them a request reaches. One store per limiter (each has its
 * own window); the limiter's keys already name the limit they belong to.
 */
export class SharedRateLimitStore implements Store {
  /** Hits counted here are seen by every replica. */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(private readonly uow: UnitOfWork) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const c = await this.uow.read.rateLimits.current(key);
    return c ? info(c) : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    return info(await this.uow.run((r) => r.rateLimits.hit(key, this.windowMs)));
  }

  async decrement(key: string): Promise<void> {
    await this.uow.run((r) => r.rateLimits.unhit(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.uow.run((r) => r.rateLimits.forget(key));
  }
}
