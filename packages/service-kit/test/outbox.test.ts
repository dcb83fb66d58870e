import type { Pool, PoolClient } from 'pg';
import { quietLogger, testEnv } from '@midway/testing';
import type { EventEnvelope } from '@midway/contracts';
import { connectBus, ensureStream, type Bus } from '../src/nats/connection';
import { enqueueEvent, enqueueEvents, recordInbox, type RawTx } from '../src/nats/outbox';
import { OutboxRelay } from '../src/nats/outbox-relay';
import { startConsumer, type RunningConsumer } from '../src/nats/consumer';
import { makeEvent } from '../src/nats/envelope';
import { UnitOfWork, type TransactionalDb } from '../src/data/unit-of-work';
import { createMetrics } from '../src/http/metrics';
import { inTx as inPoolTx, kitSchema, revokedEvent } from './kit-test-support';

// Each test file gets its own schema and unique durables so streams and consumers never collide.
let schema: string;
let pool: Pool;
let drop: () => Promise<void>;
let bus: Bus;
const inTx = <T>(fn: (tx: RawTx, c: PoolClient) => Promise<T>) => inPoolTx(pool, fn);

beforeAll(async () => {
  ({ schema, pool, drop } = await kitSchema('kit'));
  await pool.query(`CREATE TABLE "${schema}".sessions_seen (session_id uuid NOT NULL, event_id uuid NOT NULL)`);
  bus = await connectBus(testEnv().natsUrl, 'kit-test');
  await ensureStream(bus.jsm, 'identity');
});

afterAll(async () => {
  await bus?.close();
  await drop?.();
});

/** A consumer whose effect is one row per event, guarded by the inbox in the same transaction. */
async function countingConsumer(durable: string): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    domain: 'identity',
    durable,
    filterSubject: 'identity.session.revoked.v1',
    logger: quietLogger('consumer'),
    ackWaitMs: 2000,
    handle: async (event: EventEnvelope) =>
      inTx(async (tx) => {
        if (!(await recordInbox(tx, schema, event))) return;
        await tx.$executeRawUnsafe(`INSERT INTO "${schema}".sessions_seen (session_id, event_id) VALUES ($1, $2)`, (event.data as { sessionId: string }).sessionId, event.id);
      }),
  });
}

async function effectsFor(sessionId: string, waitMs = 5000, expected = 1): Promise<number> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const n = Number((await pool.query(`SELECT count(*) FROM "${schema}".sessions_seen WHERE session_id = $1`, [sessionId])).rows[0].count);
    if (n >= expected || Date.now() >= deadline) return n;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('transactional outbox, relay and inbox', () => {
  it('an event written with its change reaches the consumer exactly once, even when the relay dies between publish and mark', async () => {
    const consumer = await countingConsumer(`kit-${schema}-crash`);
    const event = revokedEvent();
    await inTx((tx) => enqueueEvent(tx, schema, event));

    let crashes = 0;
    const relay = new OutboxRelay({
      pool,
      schema,
      js: bus.js,
      logger: quietLogger('relay'),
      afterPublish: () => {
        if (crashes++ === 0) throw new Error('relay killed after publish, before marking');
      },
    });
    await expect(relay.publishBatch()).rejects.toThrow('relay killed');
    // The row is still unpublished, so the restarted relay publishes it again with the same Nats-Msg-Id.
    expect((await pool.query(`SELECT published_at FROM "${schema}".outbox_events WHERE id = $1`, [event.id])).rows[0].published_at).toBeNull();
    expect(await relay.publishBatch()).toBeGreaterThanOrEqual(1);
    expect((await pool.query(`SELECT published_at FROM "${schema}".outbox_events WHERE id = $1`, [event.id])).rows[0].published_at).not.toBeNull();

    const sessionId = (event.data as { sessionId: string }).sessionId;
    expect(await effectsFor(sessionId)).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await effectsFor(sessionId, 0)).toBe(1);
    await consumer.stop();
  });

  it('a redelivered event (past JetStream de-duplication) has no second effect', async () => {
    const consumer = await countingConsumer(`kit-${schema}-redeliver`);
    const event = revokedEvent();
    // Same envelope twice under different message ids: JetStream keeps both, only the inbox can stop it.
    await bus.js.publish(event.type, JSON.stringify(event), { msgID: `${event.id}-a` });
    await bus.js.publish(event.type, JSON.stringify(event), { msgID: `${event.id}-b` });
    const sessionId = (event.data as { sessionId: string }).sessionId;
    expect(await effectsFor(sessionId)).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await effectsFor(sessionId, 0, 2)).toBe(1);
    await consumer.stop();
  });

  it('counts each delivery the inbox suppresses, so a fault test can tell duplicates were met and stopped', async () => {
    const db: TransactionalDb<RawTx> = { $executeRawUnsafe: (q, ...v) => inTx((tx) => tx.$executeRawUnsafe(q, ...v)), $transaction: async (work) => inTx((tx) => work(tx)) };
    const uow = new UnitOfWork<RawTx, object>({ db, schema, repos: () => ({}) });
    const suppressed = async () => {
      const line = (await createMetrics('kit').registry.metrics()).split('\n').find((l) => l.startsWith('midway_inbox_duplicates_suppressed_total{') && l.includes('type="identity.session.revoked.v1"'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await suppressed();
    const event = revokedEvent();
    const effects: string[] = [];
    for (let i = 0; i < 3; i++) await uow.once(event, async () => void effects.push(event.id));
    expect(effects).toEqual([event.id]);
    expect((await suppressed()) - before).toBe(2);
  });

  it('a rolled-back transaction publishes nothing', async () => {
    const event = revokedEvent();
    await expect(
      inTx(async (tx) => {
        await enqueueEvent(tx, schema, event);
        throw new Error('business rule failed after the event was written');
      }),
    ).rejects.toThrow('business rule failed');
    const relay = new OutboxRelay({ pool, schema, js: bus.js, logger: quietLogger('relay') });
    await relay.publishBatch();
    expect((await pool.query(`SELECT count(*) FROM "${schema}".outbox_events WHERE id = $1`, [event.id])).rows[0].count).toBe('0');
    const msg = await bus.jsm.streams.getMessage('IDENTITY', { last_by_subj: 'identity.session.revoked.v1' }).catch(() => null);
    expect(msg?.json<EventEnvelope>().id).not.toBe(event.id);
  });

  it('a malformed event is terminated, not retried forever, and later events still flow', async () => {
    const consumer = await countingConsumer(`kit-${schema}-malformed`);
    await bus.js.publish('identity.session.revoked.v1', JSON.stringify({ id: 'not-a-uuid', type: 'identity.session.revoked.v1' }));
    const event = revokedEvent();
    await bus.js.publish(event.type, JSON.stringify(event), { msgID: event.id });
    expect(await effectsFor((event.data as { sessionId: string }).sessionId)).toBe(1);
    await consumer.stop();
  });
});

describe('outbox rows', () => {
  it('many events in one call are stored in order, each exactly as written, across statement boundaries', async () => {
    const events = Array.from({ length: 5003 }, () => revokedEvent());
    await inTx((tx) => enqueueEvents(tx, schema, events));
    const { rows } = await pool.query<{ id: string; payload: string }>(
      `SELECT id, payload::text AS payload FROM "${schema}".outbox_events WHERE id = ANY($1::uuid[]) ORDER BY seq`,
      [events.map((e) => e.id)],
    );
    expect(rows.map((r) => r.id)).toEqual(events.map((e) => e.id));
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual(events);
    await pool.query(`UPDATE "${schema}".outbox_events SET published_at = now() WHERE id = ANY($1::uuid[])`, [events.map((e) => e.id)]);
  });

  it('prunes rows published before the retention, never unpublished or recent ones', async () => {
    const [old, recent, pending] = [revokedEvent(), revokedEvent(), revokedEvent()];
    await inTx((tx) => enqueueEvents(tx, schema, [old, recent, pending]));
    await pool.query(`UPDATE "${schema}".outbox_events SET published_at = now() - interval '8 days' WHERE id = $1`, [old.id]);
    await pool.query(`UPDATE "${schema}".outbox_events SET published_at = now() - interval '1 day' WHERE id = $1`, [recent.id]);
    const relay = new OutboxRelay({ pool, schema, js: bus.js, logger: quietLogger('relay'), retentionMs: 7 * 24 * 3600_000 });
    expect(await relay.prunePublished()).toBe(1);
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM "${schema}".outbox_events WHERE id = ANY($1::uuid[])`, [[old.id, recent.id, pending.id]]);
    expect(rows.map((r) => r.id).sort()).toEqual([recent.id, pending.id].sort());
    await pool.query(`UPDATE "${schema}".outbox_events SET published_at = now() WHERE id = $1`, [pending.id]);
  });
});

describe('makeEvent', () => {
  it('refuses data that does not match the event contract', () => {
    expect(() => makeEvent('identity.session.revoked.v1', { sessionId: 'x' } as never)).toThrow();
  });
});
