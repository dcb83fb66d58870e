import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import type { Logger } from 'pino';

export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** How many servers keep a stream this process creates (NATS_STREAM_REPLICAS; 1 when not said). */
  streamReplicas?: number;
  close(): Promise<void>;
}

export async function connectBus(url: string, name: string, logger?: Logger, opts: { streamReplicas?: number } = {}): Promise<Bus> {
  const nc = await connect({ servers: url.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') logger?.warn({ status: s.type }, 'nats connection status');
    }
  })().catch(() => undefined);
  const jsm = await jetstreamManager(nc);
  return {
    nc,
    js: jetstream(nc),
    jsm,
    streamReplicas: opts.streamReplicas,
    close: async () => {
      if (!nc.isClosed()) await nc.drain();
    },
  };
}

/** Stream name for a domain: `catalog` → `CATALOG`, holding subjects `catalog.>`. */
export const streamName = (domain: string) => domain.toUpperCase();

/**
 * Each service owns one stream for the events it publishes. The duplicate window is what makes a
 * relay's re-publish after a crash (same Nats-Msg-Id) a no-op. `replicas` servers keep it (a cluster's
 * JetStream moves an existing stream to the new count on update).
 */
export async function ensureStream(jsm: JetStreamManager, domain: string, replicas = 1): Promise<void> {
  const name = streamName(domain);
  const config = {
    name,
    subjects: [`${domain}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: nanos(10 * 60 * 1000),
    max_age: nanos(30 * 24 * 60 * 60 * 1000),
    num_replicas: replicas,
  };
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      await jsm.streams.add(config);
    } catch (addErr) {
      // Another replica created it first.
      if (!/already in use|exists/i.test(String((addErr as Error).message))) throw addErr;
    }
  }
}

function isNotFound(err: unknown) {
  return /not found/i.test(String((err as Error)?.message));
}
