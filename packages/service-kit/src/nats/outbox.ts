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
  await tx.$executeRawUnsafe(
    `INSERT INTO "${assertIdentifier(schema)}"."outbox_events" (id, type, payload, occurred_at) VALUES ($1::uuid, $2, $3::jsonb, $4::timestamptz)`,
    event.id,
    event.type,
    JSON.stringify(event),
    event.occurredAt,
  );
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

/** Many events in one statement (bulk imports): one round trip however many rows. */
export async function enqueueEvents(tx: RawTx, schema: string, events: EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO "${assertIdentifier(schema)}"."outbox_events" (id, type, payload, occurred_at)
     SELECT (e->>'id')::uuid, e->>'type', e, (e->>'occurredAt')::timestamptz FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n`,
    JSON.stringify(events),
  );
}
