import { DeliverPolicy } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { parseEvent, type EventData } from '@midway/contracts';
import { streamName, type Bus } from '@midway/service-kit';

/**
 * Sessions revoked before they expired. Filled by the gateway itself when it passes a sign-out on, and by
 * `identity.session.revoked.v1` from every other replica. On start the stream is replayed from the
 * beginning, so a new replica knows every revoked session that has not expired yet.
 */
export class RevokedSessions {
  private readonly revoked = new Map<string, number>();

  add(sid: string, expiresAt: Date | number): void {
    const t = typeof expiresAt === 'number' ? expiresAt : expiresAt.getTime();
    if (t > Date.now()) this.revoked.set(sid, t);
  }

  has(sid: string): boolean {
    const t = this.revoked.get(sid);
    if (t === undefined) return false;
    if (t <= Date.now()) {
      this.revoked.delete(sid);
      return false;
    }
    return true;
  }

  get size() {
    return this.revoked.size;
  }

  prune(now = Date.now()): void {
    for (const [sid, t] of this.revoked) if (t <= now) this.revoked.delete(sid);
  }
}

export interface RevocationFeed {
  ready: Promise<void>;
  isLive(): boolean;
  stop(): Promise<void>;
}

/** Follows the identity stream with an ordered (replaying, ephemeral) consumer, retrying until the stream exists. */
export function followRevocations(bus: Bus, revoked: RevokedSessions, logger: Logger): RevocationFeed {
  let stopped = false;
  let live = false;
  let close: (() => Promise<void>) | null = null;
  let markReady!: () => void;
  const ready = new Promise<void>((r) => (markReady = r));
  const pruner = setInterval(() => revoked.prune(), 60_000);
  pruner.unref();

  const run = async () => {
    while (!stopped) {
      try {
        const consumer = await bus.js.consumers.get(streamName('identity'), {
          filter_subjects: 'identity.session.revoked.v1',
          deliver_policy: DeliverPolicy.All,
        });
        const info = await consumer.info(true);
        let pending = info.num_pending;
        const messages = await consumer.consume();
        close = async () => void (await messages.close());
        live = true;
        if (pending === 0) markReady();
        for await (const m of messages) {
          try {
            const evt = parseEvent(m.json());
            const data = evt.data as EventData<'identity.session.revoked.v1'>;
            revoked.add(data.sessionId, new Date(data.expiresAt));
          } catch (err) {
            logger.warn({ err }, 'ignored malformed revocation event');
          }
          if (--pending <= 0) markReady();
        }
      } catch (err) {
        if (stopped) break;
        logger.debug({ err }, 'revocation feed not available yet; retrying');
      }
      live = false;
      if (!stopped) await new Promise((r) => setTimeout(r, 1000));
    }
  };
  void run();
  return {
    ready,
    isLive: () => live,
    stop: async () => {
      stopped = true;
      clearInterval(pruner);
      await close?.();
    },
  };
}
