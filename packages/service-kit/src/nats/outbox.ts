import type { EventEnvelope } from '@midway/contracts';
import { assertIdentifier } from '../db/database-config';

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

/** Events per statement: four bind parameters each, well under the protocol's 65,535. */
const EVENTS_PER_STATEMENT = 5000;

/**
 * Many events in one round trip per EVENTS_PER_STATEMENT (bulk imports). The payload column is `json`
 * stored uncompressed: the relay only reads it back as text, so there is nothing to gain from jsonb's
 * parse or from compressing rows that are published within milliseconds and later pruned.
 */
export async function enqueueEvents(tx: RawTx, schema: string, events: EventEnvelope[]): Promise<void> {
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    const chunk = events.slice(start, start + EVENTS_PER_STATEMENT);
    const tuples = chunk.map((_, i) => `($${i * 4 + 1}::uuid, $${i * 4 + 2}, $${i * 4 + 3}::json, $${i * 4 + 4}::timestamptz)`);
    await tx.$executeRawUnsafe(
      `INSERT INTO "${assertIdentifier(schema)}"."outbox_events" (id, type, payload, occurred_at) VALUES ${tuples.join(', ')}`,
      ...chunk.flatMap((e) => [e.id, e.type, JSON.stringify(e), e.occurredAt]),
    );
  }
}
