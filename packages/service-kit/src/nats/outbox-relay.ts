import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
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
  /** Publish attempts of one row before it is set aside as a dead letter (default 10). */
  maxAttempts?: number;
  /** Delay before a failed row's first retry; it doubles per attempt up to `maxBackoffMs` (default 1 s, 5 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Test seam: runs after a batch is published and before it is marked; a throw simulates a crash there. */
  afterPublish?: (ids: string[]) => void | Promise<void>;
}

export interface OutboxHealth {
  /** Rows waiting to be published (including those waiting for a retry). */
  pending: number;
  /** Rows the relay gave up on: they need a fix and `npm run events:replay-dead -- --outbox`. */
  deadLettered: number;
  /** Seconds since the oldest pending row was written (0 when none). */
  oldestPendingSeconds: number;
}

/** The header that carries the request behind an event to its consumers (their log lines name it). */
export const EVENT_REQUEST_ID_HEADER = 'X-Request-Id';

function requestHeaders(requestId: string | null) {
  if (!requestId) return undefined;
  const h = headers();
  h.set(EVENT_REQUEST_ID_HEADER, requestId);
  return h;
}

/**
 * Errors of the connection rather than of a row: nothing is charged to the rows, the pass stops and the
 * relay retries later. Anything else (a payload over max_payload, a subject no stream takes, a stream's
 * refusal) is the row's own problem.
 */
function isTransient(err: unknown): boolean {
  const name = (err as Error)?.name ?? '';
  return ['ClosedConnectionError', 'DrainingConnectionError', 'ConnectionError', 'TimeoutError'].includes(name);
}

/**
 * Publishes committed outbox rows to JetStream with the event id as Nats-Msg-Id, then marks them.
 * A crash between publish and mark re-publishes the same ids, which JetStream's duplicate window
 * drops, and consumers' inboxes ignore anything that slips past it.
 *
 * Order: rows go out in `seq` order, and the unit of work assigns `seq` under a per-schema lock held until
 * commit, so seq order is commit order; one relay per schema publishes at a time (an advisory lock), so
 * replicas do not interleave. A row that fails is retried with exponential backoff while the rows behind it
 * keep flowing (it alone may arrive late), and after `maxAttempts` it is dead-lettered: `dead_at` set, logged
 * at error and counted in the health detail.
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

  /**
   * One pass; returns how many events were published. A row that fails is charged an attempt and the rest
   * of the batch still goes out; a connection failure throws and charges nothing. Exposed for tests and
   * benchmarks.
   */
  async publishBatch(): Promise<number> {
    const client = await this.opts.pool.connect();
    try {
      await client.query('BEGIN');
      // One publisher per schema at a time, whatever the number of replicas: interleaved batches would
      // publish out of seq order. The others find it taken and skip this pass.
      const lock = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS ok', [`midway:relay:${this.opts.schema}`]);
      if (!lock.rows[0].ok) {
        await client.query('COMMIT');
        return 0;
      }
      // As text: the payload goes to NATS as the very bytes the service wrote, never parsed here.
      const { rows } = await client.query<{ id: string; type: string; payload: string; attempts: number; request_id: string | null }>(
        `SELECT id, type, payload::text AS payload, attempts, request_id FROM ${this.table}
         WHERE published_at IS NULL AND dead_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= now())
         ORDER BY seq LIMIT $1`,
        [this.opts.batchSize ?? 100],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      // Sent in order on one connection; acks are awaited together, each row's outcome on its own.
      const outcomes = await Promise.allSettled(rows.map((r) => this.opts.js.publish(r.type, r.payload, { msgID: r.id, headers: requestHeaders(r.request_id) })));
      const ids = rows.filter((_, i) => outcomes[i].status === 'fulfilled').map((r) => r.id);
      const failed = rows.flatMap((r, i) => {
        const o = outcomes[i];
        return o.status === 'rejected' ? [{ row: r, err: o.reason as Error }] : [];
      });
      const transient = failed.find((f) => isTransient(f.err));
      if (transient && ids.length === 0) throw transient.err;
      await this.opts.afterPublish?.(ids);
      if (ids.length) await client.query(`UPDATE ${this.table} SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[])`, [ids]);
      for (const { row, err } of failed) {
        if (isTransient(err)) continue;
        await this.recordFailure(client, row, err);
      }
      await client.query('COMMIT');
      return ids.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private async recordFailure(client: PoolClient, row: { id: string; type: string; attempts: number }, err: Error) {
    const attempts = row.attempts + 1;
    const dead = attempts >= (this.opts.maxAttempts ?? 10);
    const delayMs = Math.min(this.opts.maxBackoffMs ?? 5 * 60_000, (this.opts.backoffMs ?? 1000) * 2 ** (attempts - 1));
    const message = `${err.name}: ${err.message}`.slice(0, 1000);
    await client.query(
      `UPDATE ${this.table} SET attempts = $2, last_error = $3,
         next_attempt_at = now() + make_interval(secs => $4::double precision / 1000), dead_at = CASE WHEN $5 THEN now() END
       WHERE id = $1`,
      [row.id, attempts, message, delayMs, dead],
    );
    const detail = { eventId: row.id, subject: row.type, attempts, error: message, schema: this.opts.schema };
    if (dead) this.opts.logger.error(detail, 'outbox event dead-lettered: it will not be published until replayed (npm run events:replay-dead -- --outbox)');
    else this.opts.logger.warn({ ...detail, retryInMs: delayMs }, 'outbox event failed to publish; will retry');
  }

  /** Pending and dead-lettered rows, for the health detail. */
  async health(): Promise<OutboxHealth> {
    const { rows } = await this.opts.pool.query<{ pending: string; dead: string; oldest: number | null }>(
      `SELECT count(*) FILTER (WHERE dead_at IS NULL) AS pending, count(*) FILTER (WHERE dead_at IS NOT NULL) AS dead,
              extract(epoch FROM now() - min(occurred_at) FILTER (WHERE dead_at IS NULL))::float8 AS oldest
       FROM ${this.table} WHERE published_at IS NULL`,
    );
    const r = rows[0];
    return { pending: Number(r.pending), deadLettered: Number(r.dead), oldestPendingSeconds: Math.max(0, Math.round(r.oldest ?? 0)) };
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
