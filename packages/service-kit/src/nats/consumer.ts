import { AckPolicy, DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import type { Bus } from './connection';
import { streamName } from './connection';

export interface ConsumerOptions {
  bus: Bus;
  /** Domain that publishes the events (its stream), e.g. `identity`. */
  domain: string;
  /** Durable name shared by every replica of the consuming service, e.g. `catalog-users`. */
  durable: string;
  /** One subject filter, e.g. `identity.user.>` (nats-server 2.9 takes a single filter). */
  filterSubject: string;
  handle: (event: EventEnvelope) => Promise<void>;
  logger: Logger;
  ackWaitMs?: number;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * A durable, explicit-ack pull consumer. A message is acked only after its handler committed; a failing
 * handler gets the message again after a delay. Malformed events are terminated, never retried forever.
 */
export async function startConsumer(opts: ConsumerOptions): Promise<RunningConsumer> {
  const { bus, logger } = opts;
  const stream = streamName(opts.domain);
  const config = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: opts.filterSubject,
    ack_wait: nanos(opts.ackWaitMs ?? 30_000),
    max_deliver: -1,
  };
  try {
    await bus.jsm.consumers.info(stream, opts.durable);
    await bus.jsm.consumers.update(stream, opts.durable, { ack_wait: config.ack_wait });
  } catch {
    await bus.jsm.consumers.add(stream, config);
  }
  const consumer = await bus.js.consumers.get(stream, opts.durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 100 });
  const done = (async () => {
    for await (const m of messages) {
      let event: EventEnvelope;
      try {
        event = parseEvent(m.json());
      } catch (err) {
        logger.error({ err, subject: m.subject, seq: m.seq }, 'malformed event terminated');
        m.term();
        continue;
      }
      try {
        await opts.handle(event);
        m.ack();
      } catch (err) {
        logger.warn({ err, eventId: event.id, type: event.type, redelivered: m.info.deliveryCount }, 'event handler failed; will retry');
        m.nak(Math.min(30_000, 500 * 2 ** Math.min(m.info.deliveryCount, 6)));
      }
    }
  })();
  return {
    stop: async () => {
      await messages.close();
      await done.catch(() => undefined);
    },
  };
}
