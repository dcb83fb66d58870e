import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { applyKitMigrations, connectBus, createLogger, enqueueEvent, ensureStream, makeEvent, OutboxRelay, recordInbox, startConsumer, type RawTx } from '@midway/service-kit';
import { percentile, table } from './bench-support';

/**
 * Latency from committing a change with its outbox row to the consumer's effect committing (inbox + effect
 * in one transaction), with the relay nudged after each commit as services do: the kit's tables, its
 * enqueue (commit-order lock included), relay and consumer.
 */
export async function benchOutbox(databaseUrl: string, natsUrl: string, events: number) {
  const schema = `bench_${randomUUID().slice(0, 8)}`;
  const pool = new Pool({ connectionString: databaseUrl, max: 6 });
  const logger = createLogger('bench', 'silent');
  // The very tables every service has: the kit's migrations (json payload stored uncompressed, the relay's
  // pending index), not a hand-made copy.
  const setup = await pool.connect();
  await applyKitMigrations(setup, schema).finally(() => setup.release());
  const bus = await connectBus(natsUrl, 'bench', logger);
  await ensureStream(bus.jsm, 'identity');
  const relay = new OutboxRelay({ pool, schema, js: bus.js, logger, pollMs: 1000 });
  relay.start();

  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const consumer = await startConsumer({
    bus,
    domain: 'identity',
    durable: `bench-${schema}`,
    filterSubject: 'identity.session.revoked.v1',
    logger,
    handle: async (event) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const tx: RawTx = { $executeRawUnsafe: async (q, ...v) => (await c.query(q, v)).rowCount ?? 0 };
        await recordInbox(tx, schema, event);
        await c.query('COMMIT');
      } finally {
        c.release();
      }
      const t0 = sent.get(event.id);
      if (t0 !== undefined) {
        latencies.push(performance.now() - t0);
        sent.delete(event.id);
        if (latencies.length === events) done();
      }
    },
  });

  const write = async () => {
    const now = new Date();
    const event = makeEvent('identity.session.revoked.v1', { sessionId: randomUUID(), userId: randomUUID(), expiresAt: new Date(now.getTime() + 60_000).toISOString(), revokedAt: now.toISOString() });
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      await enqueueEvent({ $executeRawUnsafe: async (q, ...v) => (await c.query(q, v)).rowCount ?? 0 }, schema, event);
      await c.query('COMMIT');
    } finally {
      c.release();
    }
    sent.set(event.id, performance.now());
    relay.nudge();
  };
  // A steady trickle (one write every 2 ms), the shape of real traffic, not one giant burst.
  for (let i = 0; i < events; i++) {
    await write();
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.race([finished, new Promise((r) => setTimeout(r, 60_000))]);
  await consumer.stop();
  await relay.stop();
  await bus.close();
  await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
  await pool.end();

  const sorted = [...latencies].sort((a, b) => a - b);
  const row = { events, delivered: latencies.length, 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99), 'max ms': sorted[sorted.length - 1] ?? NaN };
  console.log(`\nOutbox write (commit) → consumer effect committed\n${table([row])}`);
  return row;
}
