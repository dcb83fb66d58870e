import type { Msg, Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  OWNER_QUERY_SUBJECTS,
  ownerAnswerSchema,
  ownerQueryGroup,
  ownerQuerySchema,
  parseEvent,
  type EventEnvelope,
  type OwnerAnswer,
  type OwnerQueryKind,
} from '@midway/contracts';
import type { Bus } from '../nats/connection';

/**
 * How long a read model waits for the owner before its 404 stands. A busy owner answering a burst of
 * questions at once (50 items created and used together) needs seconds; only an owner that is down costs
 * the whole wait, and then just for ids the read model has never seen.
 */
export const OWNER_QUERY_TIMEOUT_MS = 5000;

/**
 * Asks the owner of `kind` about `id` over core NATS: the events that describe it now, empty when it does not
 * exist, or null when the owner did not answer (none listening, no answer in time, or it failed).
 */
export async function askOwner(bus: Bus, kind: OwnerQueryKind, id: string, opts: { timeoutMs?: number; logger?: Logger } = {}): Promise<EventEnvelope[] | null> {
  // Not an id at all: nothing the owner could hold, and no reason to ask.
  if (!ownerQuerySchema.safeParse({ id }).success) return [];
  let answer: OwnerAnswer & { error?: string };
  try {
    const msg = await bus.nc.request(OWNER_QUERY_SUBJECTS[kind], JSON.stringify({ id }), { timeout: opts.timeoutMs ?? OWNER_QUERY_TIMEOUT_MS });
    answer = msg.json();
  } catch (err) {
    opts.logger?.warn({ err, kind, id }, 'the owner did not answer a read model question; its 404 stands');
    return null;
  }
  if (answer?.error) {
    opts.logger?.warn({ kind, id, error: answer.error }, 'the owner could not answer a read model question; its 404 stands');
    return null;
  }
  return ownerAnswerSchema.parse(answer).events.map(parseEvent);
}

/** What the owner answers for an id of one kind: its events now, or none when it does not exist. */
export type OwnerAnswerer = (id: string) => Promise<EventEnvelope[]>;

/**
 * The owner's side: answers the questions of the given kinds (a queue group, so one replica answers each).
 * A malformed question is answered with no events; a failure is answered with an error, so the asker does not
 * wait for its timeout. `stop` ends the subscriptions after the answers under way are sent.
 */
export function answerOwnerQueries(bus: Bus, logger: Logger, answerers: Partial<Record<OwnerQueryKind, OwnerAnswerer>>): { stop(): Promise<void> } {
  const underWay = new Set<Promise<void>>();
  const answer = async (kind: OwnerQueryKind, answerer: OwnerAnswerer, msg: Msg) => {
    let body: string;
    try {
      const query = ownerQuerySchema.safeParse(msg.json());
      body = JSON.stringify({ events: query.success ? await answerer(query.data.id) : [] } satisfies OwnerAnswer);
    } catch (err) {
      logger.error({ err, kind }, 'could not answer a read model question');
      body = JSON.stringify({ events: [], error: (err as Error)?.message ?? String(err) });
    }
    msg.respond(body);
  };
  const subs: Subscription[] = [];
  for (const [kind, answerer] of Object.entries(answerers) as [OwnerQueryKind, OwnerAnswerer][]) {
    const sub = bus.nc.subscribe(OWNER_QUERY_SUBJECTS[kind], {
      queue: ownerQueryGroup(kind),
      callback: (err, msg) => {
        if (err) return void logger.warn({ err, kind }, 'read model question subscription error');
        const p = answer(kind, answerer, msg).finally(() => underWay.delete(p));
        underWay.add(p);
      },
    });
    subs.push(sub);
  }
  return {
    async stop() {
      await Promise.all(subs.map((s) => (s.isClosed() ? undefined : s.drain().catch(() => undefined))));
      await Promise.all(underWay);
    },
  };
}
