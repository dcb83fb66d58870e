import { z } from 'zod';
import { billingEventSchemas } from './billing';
import { catalogEventSchemas } from './catalog';
import { identityEventSchemas } from './identity';
import { logisticsEventSchemas } from './logistics';

/**
 * Domain events: past-tense facts named `<domain>.<entity>.<past-verb>.v<N>`. The event type is also the
 * NATS subject, so a consumer subscribes to exactly the facts it needs. Each domain's events are defined in
 * its own file; this registry joins them, so a new domain adds its file here.
 */
export const eventSchemas = {
  ...identityEventSchemas,
  ...catalogEventSchemas,
  ...logisticsEventSchemas,
  ...billingEventSchemas,
} as const;

export type EventType = keyof typeof eventSchemas;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
}

/** Parses a raw envelope and its payload against the contract of its type. */
export function parseEvent(raw: unknown): EventEnvelope {
  const envelope = eventEnvelopeSchema.parse(raw);
  const data = eventSchemas[envelope.type].parse(envelope.data);
  return { ...envelope, data } as EventEnvelope;
}
