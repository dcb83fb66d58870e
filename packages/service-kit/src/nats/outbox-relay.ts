import { Pool } from 'pg';
import type { Logger } from 'pino';
import type { JetStreamClient } from '@nats-io/jetstream';
import { assertIdentifier } from '../db/database-config';

export interface OutboxRelayOptions {
  pool: Pool;
  schema: string;
  js: JetStreamClient;
  logger: Logger;
  batchSize?: number;
  /** Polling interval when idle; `nudge()` after a commit publishes sooner. */
  pollMs?: number;
  /** Test seam: runs after a batch is published and before it is marked; a throw simulates a crash there. */
  afterPublish?: (ids: string[]) => void | Promise<void>;
}

/**
 * Publishes committed outbox rows to JetStream with the event id as Nats-Msg-Id, then marks them.
 * A crash between publish and mark re-publishes the same ids, which JetStream's duplicate window
 * drops, and consumers' inboxes ignore anything that slips past it.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private again = false;
  private failures = 0;
  private readonly table: string;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.table = `"${assertIdentifier(opts.schema)}"."outbox_events"`;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  /** Ask for a publish pass now (called after a transaction with events commits). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
  }

  private async loop() {
    if (this.running || this.stopped) return;
    this.running = true;
    let published = 0;
    try {
      do {
        this.again = false;
        published = await this.publishBatch();
      } while ((published > 0 || this.again) && !this.stopped);
      this.failures = 0;
    } catch (err) {
      this.failures += 1;
      this.opts.logger.warn({ err, failures: this.failures }, 'outbox relay pass failed; will retry');
    } finally {
      this.running = false;
      const backoff = this.failures ? Math.min(30_000, 250 * 2 ** this.failures) : (this.opts.pollMs ?? 1000);
      this.schedule(backoff);
    }
  }

  /** One pass; returns how many events were published. Exposed for tests and benchmarks. */
  async publishBatch(): Promise<number> {
    const client = await this.opts.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; type: string; payload: unknown }>(
        `SELECT id, type, payload FROM ${this.table} WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.opts.batchSize ?? 100],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      // Sent in order on one connection; acks are awaited together.
      await Promise.all(rows.map((r) => this.opts.js.publish(r.type, JSON.stringify(r.payload), { msgID: r.id })));
      const ids = rows.map((r) => r.id);
      await this.opts.afterPublish?.(ids);
      await client.query(`UPDATE ${this.table} SET published_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [ids]);
      await client.query('COMMIT');
      return rows.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
