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
  /** Resolves once every revocation already in the stream has been applied. */
  ready: Promise<void>;
  /** The replay is done: the gateway may serve authenticated routes. */
  isReady(): boolean;
  /** Following the stream right now (false while NATS is unreachable). */
  isLive(): boolean;
  /** What the feed is doing, for /readyz. */
  state(): 'waiting for NATS' | 'replaying' | 'ready';
  stop(): Promise<void>;
}

/**
 * Follows the identity stream with an ordered (replaying, ephemeral) consumer. NATS may be down when the
 * gateway starts: it keeps connecting, and stays not ready (authenticated routes answer 503) until the
 * replay of past revocations is done, so a revoked session is never let through by a fresh replica.
 */
export function followRevocations(connect: () => Promise<Bus>, revoked: RevokedSessions, logger: Logger, retryMs = 1000): RevocationFeed {
  let stopped = false;
  let live = false;
  let replayed = false;
  let bus: Bus | null = null;
  let close: (() => Promise<void>) | null = null;
  let markReady!: () => void;
  const ready = new Promise<void>((r) => (markReady = r));
  const done = () => {
    if (replayed) return;
    replayed = true;
    markReady();
  };
  const pruner = setInterval(() => revoked.prune(), 60_000);
  pruner.unref();

  const run = async () => {
    while (!stopped) {
      try {
        bus ??= await connect();
        if (stopped) break;
        const consumer = await bus.js.consumers.get(streamName('identity'), {
          filter_subjects: 'identity.session.revoked.v1',
          deliver_policy: DeliverPolicy.All,
        });
        const info = await consumer.info(true);
        let pending = info.num_pending;
        const messages = await consumer.consume();
        close = async () => void (await messages.close());
        live = true;
        if (pending === 0) done();
        for await (const m of messages) {
          try {
            const evt = parseEvent(m.json());
            const data = evt.data as EventData<'identity.session.revoked.v1'>;
            revoked.add(data.sessionId, new Date(data.expiresAt));
          } catch (err) {
            logger.warn({ err }, 'ignored malformed revocation event');
          }
          if (--pending <= 0) done();
        }
      } catch (err) {
        if (stopped) break;
        logger[replayed ? 'debug' : 'warn']({ err: (err as Error).message }, 'session revocations not available yet; retrying');
      }
      live = false;
      if (!stopped) await new Promise((r) => setTimeout(r, retryMs));
    }
    // A connection that opened while stopping.
    await bus?.close().catch(() => undefined);
  };
  void run();
  return {
    ready,
    isReady: () => replayed,
    isLive: () => live,
    state: () => (replayed ? 'ready' : bus ? 'replaying' : 'waiting for NATS'),
    stop: async () => {
      stopped = true;
      clearInterval(pruner);
      await close?.().catch(() => undefined);
      await bus?.close().catch(() => undefined);
    },
  };
}
