import { Writable } from 'node:stream';
import type { Pool } from 'pg';
import { testEnv } from '@midway/testing';
import { createApp, finishApp } from '../src/http/app-factory';
import { closeServer, listen } from '../src/lifecycle';
import { createLogger } from '../src/logger';
import { connectBus, ensureStream, type Bus } from '../src/nats/connection';
import { startConsumer } from '../src/nats/consumer';
import { enqueueEvent } from '../src/nats/outbox';
import { OutboxRelay } from '../src/nats/outbox-relay';
import { inTx, kitSchema, revokedEvent } from './kit-test-support';

/** Every JSON line the service's logger writes, as the log file would hold them. */
const lines: Record<string, unknown>[] = [];
const rawLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l)) && rawLines.push(l);
    done();
  },
});
const logger = createLogger('kit-request-id', 'info', sink);

let schema: string;
let pool: Pool;
let drop: () => Promise<void>;
let bus: Bus;

beforeAll(async () => {
  ({ schema, pool, drop } = await kitSchema('reqid'));
  bus = await connectBus(testEnv().natsUrl, 'kit-request-id-test');
  await ensureStream(bus.jsm, 'identity');
});
afterAll(async () => {
  await bus?.close();
  await drop?.();
});

describe('the request id, from the request through its events to their consumers', () => {
  it("is on the service's log lines, on the outbox row, on the event as a header, and on the consumer's log lines", async () => {
    const event = revokedEvent();
    const app = createApp({ logger });
    app.post('/revoke', async (req, res) => {
      // After the JSON body was read: the plain service logger, not req.log, still names the request.
      logger.info({ body: req.body }, 'revoking');
      await inTx(pool, (tx) => enqueueEvent(tx, schema, event));
      res.status(204).end();
    });
    finishApp(app);
    const { server, url } = await listen(app, 0);
    try {
      const answer = await fetch(`${url}/revoke`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'req-from-the-gateway-42' }, body: '{"why":"test"}' });
      expect(answer.status).toBe(204);
    } finally {
      await closeServer(server);
    }
    expect(lines.find((l) => l.msg === 'revoking')).toMatchObject({ reqId: 'req-from-the-gateway-42', body: { why: 'test' } });
    const row = await pool.query(`SELECT request_id FROM "${schema}".outbox_events WHERE id = $1`, [event.id]);
    expect(row.rows[0].request_id).toBe('req-from-the-gateway-42');

    // The consumer handles it once with a failure, then again: its own retry line and the handler's lines name the request.
    let attempts = 0;
    let handled!: () => void;
    const done = new Promise<void>((r) => (handled = r));
    const consumer = await startConsumer({
      bus,
      domain: 'identity',
      durable: `kit-reqid-${schema}`,
      filterSubject: 'identity.session.revoked.v1',
      logger,
      retryDelayMs: () => 50,
      handle: async (e) => {
        if (e.id !== event.id) return;
        logger.info({ eventId: e.id, attempt: ++attempts }, 'session revocation heard');
        if (attempts === 1) throw new Error('first try fails');
        handled();
      },
    });
    try {
      // Published outside any request: only the outbox row can carry the id onto the event.
      const relay = new OutboxRelay({ pool, schema, js: bus.js, logger });
      expect(await relay.publishBatch()).toBeGreaterThanOrEqual(1);
      await done;
    } finally {
      await consumer.stop();
    }
    const heard = lines.filter((l) => l.msg === 'session revocation heard');
    expect(heard).toHaveLength(2);
    for (const l of heard) expect(l.reqId).toBe('req-from-the-gateway-42');
    const retry = lines.find((l) => l.msg === 'event handler failed; will retry' && l.eventId === event.id);
    expect(retry).toMatchObject({ reqId: 'req-from-the-gateway-42' });
    // Once, not twice: the consumer's bound child and the logger's own mixin do not both add it.
    const raw = rawLines.find((l) => l.includes('event handler failed; will retry') && l.includes(event.id))!;
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
  });

  it('an event written outside a request carries no request id', async () => {
    const event = revokedEvent();
    await inTx(pool, (tx) => enqueueEvent(tx, schema, event));
    const row = await pool.query(`SELECT request_id FROM "${schema}".outbox_events WHERE id = $1`, [event.id]);
    expect(row.rows[0].request_id).toBeNull();
  });
});
