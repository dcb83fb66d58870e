import type { EventEnvelope } from '@midway/contracts';
import type { Pool } from 'pg';
import { assertIdentifier } from '../db/database-config';
import { currentRequestId } from '../request-context';

/** The part of a Prisma transaction client the outbox and inbox need; any service's generated client fits. */
export interface RawTx {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/**
 * Writes an event in the caller's transaction, beside the state change it describes. If the transaction
 * rolls back, the event never existed; if it commits, the relay will publish it.
 */
export async function enqueueEvent(tx: RawTx, schema: string, event: EventEnvelope): Promise<void> {
  await enqueueEvents(tx, schema, [event]);
}

/**
 * Records an incoming event id in the consumer's transaction. Returns false when it was already
 * processed, so the caller skips the effect: a redelivered event has exactly one effect.
 */
export async function recordInbox(tx: RawTx, schema: string, event: Pick<EventEnvelope, 'id' | 'type'>): Promise<boolean> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO "${assertIdentifier(schema)}"."inbox_events" (id, type) VALUES ($1::uuid, $2) ON CONFLICT (id) DO NOTHING`,
    event.id,
    event.type,
  );
  return inserted > 0;
}

/** Deliveries of an already processed event that the inbox suppressed in this process, by event type. */
const inboxDuplicates = new Map<string, number>();

/** Counts a delivery the inbox suppressed (its event id was already processed): shown on /metrics. */
export function noteInboxDuplicate(type: string): void {
  inboxDuplicates.set(type, (inboxDuplicates.get(type) ?? 0) + 1);
}

/** The suppressed duplicates counted so far in this process, by event type. */
export const inboxDuplicateCounts = (): ReadonlyMap<string, number> => inboxDuplicates;

/**
 * How long an inbox row is kept: longer than any copy of its event can be delivered again — JetStream
 * keeps events 30 days (a consumer re-created from the start of its stream sees them all) and dead letters
 * 30 days after the first delivery (a replay publishes the event again) — so a late duplicate still finds
 * its row. Five days of margin over both.
 */
export const INBOX_RETENTION_MS = 35 * 24 * 3600_000;
const PRUNE_BATCH = 5000;

/** Deletes inbox rows older than the retention, a bounded batch per statement; returns how many. */
export async function pruneInbox(pool: Pick<Pool, 'query'>, schema: string, retentionMs = INBOX_RETENTION_MS): Promise<number> {
  const table = `"${assertIdentifier(schema)}"."inbox_events"`;
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE processed_at < now() - make_interval(secs => $1::double precision / 1000) LIMIT ${PRUNE_BATCH})`,
      [retentionMs],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < PRUNE_BATCH) return total;
  }
}

/** Events per statement: four bind parameters each, well under the protocol's 65,535. */
const EVENTS_PER_STATEMENT = 5000;

/**
 * Many events in one round trip per EVENTS_PER_STATEMENT (bulk imports). The payload column is `json`
 * stored uncompressed: the relay only reads it back as text, so there is nothing to gain from jsonb's
 * parse or from compressing rows that are published within milliseconds and later pruned.
 *
 * Commit order: `seq` is taken from a sequence at insert, so two transactions could commit in the other
 * order than their seqs and the relay would publish the later commit first. A per-schema transaction lock
 * taken before the insert and held until commit serialises event-writing transactions from their first
 * event to their commit, so seq order is commit order. The unit of work writes its events last, just before
 * the commit, so the lock is held only for this insert and the commit and nothing else waits inside it.
 */
export async function enqueueEvents(tx: RawTx, schema: string, events: EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const table = `"${assertIdentifier(schema)}"."outbox_events"`;
  // The request being answered, if any: the relay publishes it as a header, for the consumers' logs.
  const requestId = currentRequestId() ?? null;
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, outboxLockKey(schema));
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    const chunk = events.slice(start, start + EVENTS_PER_STATEMENT);
    const tuples = chunk.map((_, i) => `($${i * 4 + 1}::uuid, $${i * 4 + 2}, $${i * 4 + 3}::json, $${i * 4 + 4}::timestamptz, $${chunk.length * 4 + 1})`);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (id, type, payload, occurred_at, request_id) VALUES ${tuples.join(', ')}`,
      ...chunk.flatMap((e) => [e.id, e.type, JSON.stringify(e), e.occurredAt]),
      requestId,
    );
  }
}

/** The lock that orders a schema's event-writing transactions (see enqueueEvents). */
export const outboxLockKey = (schema: string) => `midway:outbox:${schema}`;
