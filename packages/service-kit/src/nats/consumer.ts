import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import type { Bus } from './connection';
import { streamName } from './connection';
import { deadLetter, deadLetterSubject, ensureDeadLetterStream } from './dead-letter';
import { noteConsumer } from '../http/metrics';
import { withRequestId } from '../request-context';
import { EVENT_REQUEST_ID_HEADER } from './outbox-relay';

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
  /** Deliveries of one message before it is dead-lettered (default 10: about 3 minutes of retries). */
  maxDeliver?: number;
  /** Delay before redelivering after a failed delivery (default: 0.5 s doubling, at most 30 s). */
  retryDelayMs?: (deliveryCount: number) => number;
  /** The consuming service, which names its dead letters' subject; defaults to the durable's first word. */
  service?: string;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

const DEFAULT_MAX_DELIVER = 10;
const defaultRetryDelay = (deliveryCount: number) => Math.min(30_000, 500 * 2 ** Math.min(deliveryCount, 6));

/**
 * A durable, explicit-ack pull consumer. A message is acked only after its handler committed; a failing
 * handler gets the message again after a delay, at most `maxDeliver` times. Then — and at once for a
 * malformed event — it is copied to the dead-letter stream (`dead-letter.<service>.<durable>`, with the
 * original subject, headers and the error), logged at error and terminated, so one bad event never
 * jams the consumer. `npm run events:replay-dead` publishes dead letters again once the cause is fixed.
 */
export async function startConsumer(opts: ConsumerOptions): Promise<RunningConsumer> {
  const { bus, logger } = opts;
  const stream = streamName(opts.domain);
  const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
  const retryDelay = opts.retryDelayMs ?? defaultRetryDelay;
  const service = opts.service ?? opts.durable.split('-')[0];
  const dlqSubject = deadLetterSubject(service, opts.durable);
  // One delivery more than the handler gets: if writing the dead letter fails on the last one, the
  // server still redelivers once so it can be written then.
  const serverMaxDeliver = maxDeliver + 1;
  const config = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: opts.filterSubject,
    ack_wait: nanos(opts.ackWaitMs ?? 30_000),
    max_deliver: serverMaxDeliver,
  };
  await ensureDeadLetterStream(bus.jsm, bus.streamReplicas);
  try {
    await bus.jsm.consumers.info(stream, opts.durable);
    await bus.jsm.consumers.update(stream, opts.durable, { ack_wait: config.ack_wait, max_deliver: serverMaxDeliver });
  } catch {
    await bus.jsm.consumers.add(stream, config);
  }

  const noted = noteConsumer(bus, stream, opts.durable);
  const toDeadLetters = async (m: JsMsg, error: string, eventId?: string) => {
    const deliveries = m.info.deliveryCount;
    try {
      await deadLetter(bus.js, { subject: dlqSubject, message: m, stream, durable: opts.durable, error });
    } catch (err) {
      if (deliveries < serverMaxDeliver) {
        logger.error({ err, eventId, subject: m.subject, deliveries }, 'could not write a dead letter; the server will deliver the event once more');
        m.nak(retryDelay(deliveries));
        return;
      }
      logger.error({ err, eventId, subject: m.subject, payload: m.string() }, 'could not write a dead letter; the event is only in this log');
      m.term();
      return;
    }
    logger.error({ eventId, subject: m.subject, durable: opts.durable, deliveries, error, deadLetterSubject: dlqSubject }, 'event dead-lettered; replay with npm run events:replay-dead');
    noted.deadLettered();
    m.term();
  };

  /** One message: handled and acked, retried later, or dead-lettered; `logger` names the request behind it. */
  const handleOne = async (m: JsMsg, logger: Logger): Promise<void> => {
    let event: EventEnvelope;
    try {
      event = parseEvent(m.json());
    } catch (err) {
      await toDeadLetters(m, `malformed event: ${(err as Error).message}`);
      return;
    }
    try {
      await opts.handle(event);
      m.ack();
      // Which replica handled which event, under the request that caused it (replicas share the durable).
      logger.debug({ eventId: event.id, type: event.type, durable: opts.durable }, 'event handled');
    } catch (err) {
      const deliveries = m.info.deliveryCount;
      if (deliveries >= maxDeliver) {
        await toDeadLetters(m, `${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}`, event.id);
        return;
      }
      logger.warn({ err, eventId: event.id, type: event.type, deliveries, maxDeliver }, 'event handler failed; will retry');
      m.nak(retryDelay(deliveries));
    }
  };
  const consumer = await bus.js.consumers.get(stream, opts.durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 100 });
  const done = (async () => {
    for await (const m of messages) {
      // The request that caused the event: the handler's log lines (through the kit's logger) and ours name it.
      const requestId = m.headers?.get(EVENT_REQUEST_ID_HEADER) || undefined;
      await withRequestId(requestId, () => handleOne(m, requestId ? logger.child({ reqId: requestId }) : logger));
    }
  })();
  return {
    stop: async () => {
      await messages.close();
      await done.catch(() => undefined);
    },
  };
}
