import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Pool, PoolClient } from 'pg';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { quietLogger, testEnv } from '@midway/testing';
import type { EventEnvelope } from '@midway/contracts';
import { connectBus, ensureStream, type Bus } from '../src/nats/connection';
import { enqueueEvents, pruneInbox, recordInbox, type RawTx } from '../src/nats/outbox';
import { OutboxRelay } from '../src/nats/outbox-relay';
import { startConsumer } from '../src/nats/consumer';
import { listDeadLetters } from '../src/nats/dead-letter';
import { asTx, inTx as inPoolTx, kitSchema, revokedEvent } from './kit-test-support';
import { UnitOfWork, type TransactionalDb } from '../src/data/unit-of-work';

let schema: string;
let table: string;
let pool: Pool;
let drop: () => Promise<void>;
let bus: Bus;
let nc: NatsConnection;
const inTx = <T>(fn: (tx: RawTx, c: PoolClient) => Promise<T>) => inPoolTx(pool, fn);

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ schema, pool, drop } = await kitSchema('jam', 6));
  table = `"${schema}".outbox_events`;
  await pool.query(`CREATE TABLE "${schema}".effects (event_id uuid NOT NULL)`);
  bus = await connectBus(testEnv().natsUrl, 'jam-test');
  await ensureStream(bus.jsm, 'identity');
  nc = await connect({ servers: testEnv().natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await bus?.close();
  await drop?.();
});

describe('outbox relay: one row that cannot be published does not stop the others', () => {
  it('publishes the rows behind a poisoned one, retries it with backoff, then dead-letters it (logged, in the health detail)', async () => {
    // Two rows that can never be published: a subject no stream takes, and a payload over NATS's max_payload.
    const noStream = { ...revokedEvent(), type: 'nowhere.poisoned.v1' } as unknown as EventEnvelope;
    const tooBig = { ...revokedEvent(), data: { pad: 'x'.repeat(1_100_000) } } as unknown as EventEnvelope;
    const healthy = [revokedEvent(), revokedEvent()];
    await inTx((tx) => enqueueEvents(tx, schema, [noStream, tooBig, ...healthy]));

    const { logger, lines } = capturingLogger();
    const relay = new OutboxRelay({ pool, schema, js: bus.js, logger, maxAttempts: 3, backoffMs: 1000, maxBackoffMs: 1000 });
    expect(await relay.publishBatch()).toBe(2);
    const row = async (id: string) => (await pool.query(`SELECT published_at, attempts, dead_at, last_error, next_attempt_at FROM ${table} WHERE id = $1`, [id])).rows[0];
    for (const e of healthy) expect((await row(e.id)).published_at).not.toBeNull();
    for (const e of [noStream, tooBig]) expect(await row(e.id)).toMatchObject({ published_at: null, attempts: 1, dead_at: null });
    // Not before its backoff: an immediate pass leaves it alone.
    expect(await relay.publishBatch()).toBe(0);
    expect((await row(noStream.id)).attempts).toBe(1);

    for (let i = 0; i < 2; i++) {
      await sleep(1100);
      expect(await relay.publishBatch()).toBe(0);
    }
    const dead = [await row(noStream.id), await row(tooBig.id)];
    expect(dead.map((r) => r.attempts)).toEqual([3, 3]);
    expect(dead.every((r) => r.dead_at !== null && r.published_at === null)).toBe(true);
    expect(dead[1].last_error).toMatch(/max_payload/);
    // Set aside for good: later passes leave it.
    await sleep(1100);
    await relay.publishBatch();
    expect((await row(noStream.id)).attempts).toBe(3);

    expect(await relay.health()).toMatchObject({ deadLettered: 2, pending: 0 });
    const errors = lines.filter((l) => l.level >= 50 && /dead-lettered/.test(l.msg));
    expect(errors.map((l) => l.eventId).sort()).toEqual([noStream.id, tooBig.id].sort());

    // Once the cause is fixed, the command re-queues them for the relay.
    const cli = path.resolve(__dirname, '..', 'bin', 'replay-dead.js');
    const out = spawnSync(process.execPath, [cli, '--service', schema, '--outbox'], { env: { ...process.env, DATABASE_URL: testEnv().databaseUrl }, encoding: 'utf8' });
    expect(out.stdout).toMatch(/2 outbox event\(s\) re-queued/);
    expect(await row(noStream.id)).toMatchObject({ dead_at: null, attempts: 0, next_attempt_at: null });
    await pool.query(`DELETE FROM ${table} WHERE id = ANY($1::uuid[])`, [[noStream.id, tooBig.id]]);
  });

  it('a lost connection charges no attempt to the rows (the pass fails and is retried as a whole)', async () => {
    const e = revokedEvent();
    await inTx((tx) => enqueueEvents(tx, schema, [e]));
    const closed = Object.assign(new Error('closed connection'), { name: 'ClosedConnectionError' });
    const relay = new OutboxRelay({ pool, schema, js: { publish: async () => Promise.reject(closed) } as never, logger: quietLogger('relay'), maxAttempts: 1 });
    await expect(relay.publishBatch()).rejects.toThrow('closed connection');
    expect((await pool.query(`SELECT attempts, dead_at FROM ${table} WHERE id = $1`, [e.id])).rows[0]).toEqual({ attempts: 0, dead_at: null });
    await new OutboxRelay({ pool, schema, js: bus.js, logger: quietLogger('relay') }).publishBatch();
  });
});

describe('commit order', () => {
  it('publishes in commit order: an event written earlier by a transaction that commits later is not overtaken', async () => {
    const seen: string[] = [];
    const sub = nc.subscribe('identity.session.revoked.v1', { callback: (_err, m) => seen.push(m.json<EventEnvelope>().id) });
    await nc.flush();
    const relay = new OutboxRelay({ pool, schema, js: bus.js, logger: quietLogger('relay') });
    const [first, second] = [revokedEvent(), revokedEvent()];

    const a = await pool.connect();
    try {
      await a.query('BEGIN');
      await enqueueEvents(asTx(a), schema, [first]);
      // B writes its event after A did and commits while A is still open.
      const b = inTx((tx) => enqueueEvents(tx, schema, [second]));
      await sleep(200);
      await relay.publishBatch();
      await a.query('COMMIT');
      await b;
    } finally {
      a.release();
    }
    await relay.publishBatch();
    await nc.flush();
    await sleep(200);
    sub.unsubscribe();
    expect(seen.filter((id) => id === first.id || id === second.id)).toEqual([first.id, second.id]);
  });
});

describe('consumers: bounded deliveries, dead letters and their replay', () => {
  it('a handler that keeps failing ends in the dead letters after max_deliver, later events still flow, and a replay after the fix applies it exactly once', async () => {
    const durable = `kit-${schema}-dlq`;
    const poisoned = revokedEvent();
    const after = revokedEvent();
    let broken = true;
    const attempts = new Map<string, number>();
    const { logger, lines } = capturingLogger();
    const consumer = await startConsumer({
      bus,
      domain: 'identity',
      durable,
      service: 'kit',
      filterSubject: 'identity.session.revoked.v1',
      logger,
      maxDeliver: 3,
      retryDelayMs: () => 50,
      handle: async (event) => {
        attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
        if (broken && event.id === poisoned.id) throw new Error('handler bug');
        await inTx(async (tx, c) => {
          if (await recordInbox(tx, schema, event)) await c.query(`INSERT INTO "${schema}".effects (event_id) VALUES ($1)`, [event.id]);
        });
      },
    });
    const effects = async (id: string) => Number((await pool.query(`SELECT count(*) FROM "${schema}".effects WHERE event_id = $1`, [id])).rows[0].count);
    const waitFor = async (pred: () => Promise<boolean>, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!(await pred())) {
        if (Date.now() > deadline) throw new Error('timed out');
        await sleep(50);
      }
    };
    try {
      await bus.js.publish(poisoned.type, JSON.stringify(poisoned), { msgID: poisoned.id });
      await bus.js.publish(after.type, JSON.stringify(after), { msgID: after.id });
      await waitFor(async () => (await listDeadLetters(bus.jsm, 'kit', durable)).length > 0);
      const [letter] = await listDeadLetters(bus.jsm, 'kit', durable);
      expect(letter).toMatchObject({ eventId: poisoned.id, originalSubject: poisoned.type, durable, error: 'Error: handler bug' });
      expect(attempts.get(poisoned.id)).toBe(3);
      await waitFor(async () => (await effects(after.id)) === 1);
      expect(await effects(poisoned.id)).toBe(0);
      expect(lines.some((l) => l.level >= 50 && l.eventId === poisoned.id && /dead-lettered/.test(l.msg))).toBe(true);
      // Terminated: no further deliveries.
      await sleep(300);
      expect(attempts.get(poisoned.id)).toBe(3);

      broken = false;
      const cli = path.resolve(__dirname, '..', 'bin', 'replay-dead.js');
      const run = () => spawnSync(process.execPath, [cli, '--service', 'kit', '--durable', durable], { env: { ...process.env, NATS_URL: testEnv().natsUrl }, encoding: 'utf8' });
      const first = run();
      expect(first.stderr).toBe('');
      expect(first.stdout).toMatch(/1 dead letter\(s\) replayed/);
      await waitFor(async () => (await effects(poisoned.id)) === 1);
      // The letter is gone: running the command again replays nothing, and nothing applies twice.
      expect(run().stdout).toMatch(/0 dead letter\(s\) replayed/);
      // A second copy of the replayed event (e.g. a replay from a backup) is stopped by the inbox.
      await bus.js.publish(poisoned.type, JSON.stringify(poisoned), { msgID: `${poisoned.id}:again` });
      await sleep(500);
      expect(await effects(poisoned.id)).toBe(1);
      expect(await effects(after.id)).toBe(1);
    } finally {
      await consumer.stop();
    }
  }, 30_000);
});

describe('pruning', () => {
  it('deletes inbox rows older than the retention and keeps recent ones', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await pool.query(`INSERT INTO "${schema}".inbox_events (id, type, processed_at) VALUES ($1, 't', now() - interval '36 days'), ($2, 't', now() - interval '34 days')`, [old, recent]);
    expect(await pruneInbox(pool, schema)).toBe(1);
    const { rows } = await pool.query(`SELECT id FROM "${schema}".inbox_events WHERE id = ANY($1::uuid[])`, [[old, recent]]);
    expect(rows.map((r) => r.id)).toEqual([recent]);
  });
});

describe('the kit unit of work', () => {
  /** The Prisma-shaped surface the unit of work needs, over plain pg. */
  const db: TransactionalDb<RawTx> = {
    $executeRawUnsafe: async (q, ...v) => (await pool.query(q, v)).rowCount ?? 0,
    $transaction: async (work) => inTx((tx) => work(tx)),
  };
  const uowWith = (afterCommit: () => void) =>
    new UnitOfWork<RawTx, { effects: { add(id: string): Promise<number> } }>({
      db,
      schema,
      repos: (client) => ({ effects: { add: (id) => client.$executeRawUnsafe(`INSERT INTO "${schema}".effects (event_id) VALUES ($1::uuid)`, id) } }),
      afterCommit,
    });
  const outboxCount = async (id: string) => Number((await pool.query(`SELECT count(*) FROM ${table} WHERE id = $1`, [id])).rows[0].count);

  it('writes events with the change, nudges the relay only after a commit that wrote events, and writes nothing on rollback', async () => {
    let nudges = 0;
    const uow = uowWith(() => nudges++);
    const e = revokedEvent();
    await uow.run(async (r) => r.outbox.add(e));
    expect([await outboxCount(e.id), nudges]).toEqual([1, 1]);
    await uow.run(async () => undefined);
    expect(nudges).toBe(1);
    const lost = revokedEvent();
    await expect(
      uow.run(async (r) => {
        await r.outbox.add(lost);
        throw new Error('rule failed');
      }),
    ).rejects.toThrow('rule failed');
    expect([await outboxCount(lost.id), nudges]).toEqual([0, 1]);
  });

  it('once() applies a consumer effect with its inbox record: the same event twice, even in parallel, has one effect', async () => {
    const uow = uowWith(() => undefined);
    const e = revokedEvent();
    const ran = await Promise.all([1, 2, 3].map(() => uow.once(e, async (r) => void (await r.effects.add(e.id)))));
    expect(ran.filter(Boolean).length).toBe(1);
    expect(Number((await pool.query(`SELECT count(*) FROM "${schema}".effects WHERE event_id = $1`, [e.id])).rows[0].count)).toBe(1);
    expect(await uow.once(e, async () => {
      throw new Error('must not run');
    })).toBe(false);
  });
});
