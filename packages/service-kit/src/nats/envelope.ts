import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { eventEnvelopeSchema, type EventEnvelope, type EventType, eventSchemas } from '@midway/contracts';

/** Builds a validated envelope; an event that does not match its contract never leaves the service. */
export function makeEvent<T extends EventType>(type: T, data: z.input<(typeof eventSchemas)[T]>, occurredAt = new Date()): EventEnvelope<T> {
  const parsed = eventSchemas[type].parse(data);
  return eventEnvelopeSchema.parse({ id: randomUUID(), type, occurredAt: occurredAt.toISOString(), data: parsed }) as EventEnvelope<T>;
}
