import { Pool } from 'pg';
import type { Logger } from 'pino';
import type { JetStreamClient } from '@nats-io/jetstream';
import { assertIdentifier } from '../db/database-config';

const DEFAULT_RETENTION_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const PRUNE_BATCH = 5000;

export interface OutboxRelayOptions {
  pool: Pool;
  schema: string;
  js: JetStreamClient;
  logger: Logger;
  batchSize?: number;
  /** Polling interval when idle; `nudge()` after a commit publishes sooner. */
  pollMs?: number;
  /**
   * Published rows are kept this long (for audits and replays by hand), then deleted in the background.
   * Far longer than JetStream's duplicate window, so pruning never weakens de-duplication.
   */
  retentionMs?: number;
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
  private lastPrune = 0;
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
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS && !this.stopped) {
        this.lastPrune = Date.now();
        await this.prunePublished();
      }
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
      // As text: the payload goes to NATS as the very bytes the service wrote, never parsed here.
      const { rows } = await client.query<{ id: string; type: string; payload: string }>(
        `SELECT id, type, payload::text AS payload FROM ${this.table} WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.opts.batchSize ?? 100],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      // Sent in order on one connection; acks are awaited together.
      await Promise.all(rows.map((r) => this.opts.js.publish(r.type, r.payload, { msgID: r.id })));
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

  /** Deletes rows published longer ago than the retention, a bounded batch at a time; returns how many. */
  async prunePublished(): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await this.opts.pool.query(
        `DELETE FROM ${this.table} WHERE id IN (SELECT id FROM ${this.table} WHERE published_at < now() - make_interval(secs => $1::double precision / 1000) LIMIT ${PRUNE_BATCH})`,
        [this.opts.retentionMs ?? DEFAULT_RETENTION_MS],
      );
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < PRUNE_BATCH || this.stopped) return total;
    }
  }
}
