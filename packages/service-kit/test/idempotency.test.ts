import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { createLogger } from '../src/logger';
import { createApp, finishApp } from '../src/http/app-factory';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_KEY_TTL_MS, idempotency } from '../src/http/idempotency.middleware';
import { PgIdempotencyStore } from '../src/http/idempotency.store';
import { readBody } from '../src/http/read-body';
import { UnitOfWork, type TransactionalDb } from '../src/data/unit-of-work';
import type { RawTx } from '../src/nats/outbox';
import { noteProjectReached, withIdempotencyKey } from '../src/request-context';
import { inTx, kitSchema } from './kit-test-support';

/** The kit's idempotency_keys table as every service gets it, behind the middleware, against the real Postgres. */
describe('idempotency keys in Postgres', () => {
  let k: Awaited<ReturnType<typeof kitSchema>>;
  let store: PgIdempotencyStore;
  beforeAll(async () => {
    k = await kitSchema('idem', 12);
    store = new PgIdempotencyStore(k.pool, k.schema);
  });
  afterAll(() => k.drop());

  const claim = (key: string, over: Partial<Parameters<PgIdempotencyStore['claim']>[0]> = {}) =>
    store.claim({ caller: 'u1', key, fingerprint: 'f', lease: randomUUID(), now: new Date(), ...over });

  it('lets exactly one of eight claims at once hold a key', async () => {
    const won = await Promise.all(Array.from({ length: 8 }, () => claim('race')));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('stores the answer for the lease that holds the key, and only for it', async () => {
    const lease = randomUUID();
    expect(await claim('answer', { lease })).toBe(true);
    expect((await store.find('u1', 'answer'))?.answer).toBeNull();
    await store.complete('u1', 'answer', randomUUID(), { status: 500, headers: {}, body: Buffer.from('not mine') });
    expect((await store.find('u1', 'answer'))?.answer).toBeNull();
    await store.complete('u1', 'answer', lease, { status: 201, headers: { location: '/x/1', 'content-type': 'application/json' }, body: Buffer.from('{"id":1}') });
    expect((await store.find('u1', 'answer'))?.answer).toEqual({ status: 201, headers: { location: '/x/1', 'content-type': 'application/json' }, body: Buffer.from('{"id":1}') });
    expect(await claim('answer')).toBe(false);
  });

  it('frees a released key, and keeps keys of different callers apart', async () => {
    const lease = randomUUID();
    expect(await claim('free', { lease })).toBe(true);
    expect(await claim('free', { caller: 'u2' })).toBe(true);
    await store.release('u1', 'free', lease);
    expect(await store.find('u1', 'free')).toBeNull();
    expect(await claim('free')).toBe(true);
  });

  it('takes over a key a day old, or one unanswered whose holder stopped beating (its process died), and prunes keys older than a day', async () => {
    const now = Date.now();
    expect(await claim('old', { now: new Date(now - IDEMPOTENCY_KEY_TTL_MS - 1000) })).toBe(true);
    await store.complete('u1', 'old', (await k.pool.query(`SELECT lease FROM "${k.schema}".idempotency_keys WHERE key = 'old'`)).rows[0].lease, { status: 201, headers: {}, body: Buffer.from('1') });
    expect(await claim('old', { fingerprint: 'other' })).toBe(true);
    expect((await store.find('u1', 'old'))?.fingerprint).toBe('other');

    // Claimed a minute ago: one holder stopped beating (killed) 15 s after its claim, the other still beats.
    const dead = randomUUID();
    const alive = randomUUID();
    expect(await claim('stuck', { lease: dead, now: new Date(now - 60_000) })).toBe(true);
    expect(await claim('running', { lease: alive, now: new Date(now - 60_000) })).toBe(true);
    await store.heartbeat('u1', 'stuck', dead, new Date(now - IDEMPOTENCY_ABANDONED_MS - 1000));
    await store.heartbeat('u1', 'running', alive, new Date(now - 1000));
    expect(await claim('stuck')).toBe(true);
    expect(await claim('running')).toBe(false);

    expect(await claim('prunable', { now: new Date(now - IDEMPOTENCY_KEY_TTL_MS - 1000) })).toBe(true);
    expect(await store.prune(new Date(now))).toBe(1);
    expect(await store.find('u1', 'prunable')).toBeNull();
    expect(await store.find('u1', 'running')).not.toBeNull();
  });

  it("stamps a key committed in its handler's own transaction (never on a rollback), and never takes over a committed key", async () => {
    const db: TransactionalDb<RawTx> = {
      $executeRawUnsafe: async (q, ...v) => (await k.pool.query(q, v)).rowCount ?? 0,
      $transaction: async (work) => inTx(k.pool, (tx) => work(tx)),
    };
    const uow = new UnitOfWork<RawTx, object>({ db, schema: k.schema, repos: () => ({}) });
    const minuteAgo = new Date(Date.now() - 60_000);
    const rolledBack = randomUUID();
    expect(await claim('rolled-back', { lease: rolledBack, now: minuteAgo })).toBe(true);
    await expect(withIdempotencyKey({ caller: 'u1', key: 'rolled-back', lease: rolledBack }, () => uow.run(async () => Promise.reject(new Error('refused'))))).rejects.toThrow('refused');
    expect((await store.find('u1', 'rolled-back'))?.committed).toBe(false);
    // Silent for a minute and nothing committed: its process died before the change, so a retry runs it.
    expect(await claim('rolled-back')).toBe(true);

    const committed = randomUUID();
    expect(await claim('committed', { lease: committed, now: minuteAgo })).toBe(true);
    await withIdempotencyKey({ caller: 'u1', key: 'committed', lease: committed }, () => uow.run(async () => undefined));
    expect((await store.find('u1', 'committed'))?.committed).toBe(true);
    // Silent for a minute but committed: the change happened, a retry must not make it again.
    expect(await claim('committed')).toBe(false);
  });

  it('behind the middleware, eight identical requests at once have one effect and eight identical answers', async () => {
    const app = createApp({ logger: createLogger('t', 'silent') });
    const asUser: RequestHandler = (req, _res, next) => {
      req.caller = { userId: String(req.headers['x-test-user']), email: 'u@example.com', role: 'designer' as never, sessionId: 's' };
      next();
    };
    app.use(asUser, idempotency({ store, pollMs: 5 }));
    let effects = 0;
    app.post('/things', async (req, res) => {
      await new Promise((r) => setTimeout(r, 50));
      effects++;
      res.status(201).location(`/things/${effects}`).json({ n: effects, name: req.body.name });
    });
    finishApp(app);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/things`;
    const post = (key: string, user = 'u1', name = 'a') =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-test-user': user }, body: JSON.stringify({ name }) });
    try {
      const answers = await Promise.all(
        (await Promise.all(Array.from({ length: 8 }, () => post('eight')))).map(async (r) => ({ status: r.status, location: r.headers.get('location'), body: await r.text() })),
      );
      expect(effects).toBe(1);
      expect(answers).toEqual(Array(8).fill({ status: 201, location: '/things/1', body: '{"n":1,"name":"a"}' }));
      expect((await post('eight', 'u1', 'b')).status).toBe(422);
      expect((await post('eight', 'u2')).status).toBe(201);
      expect(effects).toBe(2);
      // A day later the key is forgotten: the same request has its effect again.
      await k.pool.query(`UPDATE "${k.schema}".idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = 'eight'`);
      expect(await post('eight', 'u1', 'b').then((r) => r.json())).toEqual({ n: 3, name: 'b' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

/** What a replay must not skip (issue 36): the bytes of an upload, and the caller's access to what it was about. */
describe('idempotency keys: streamed bodies and access on replay, against the real Postgres', () => {
  let k: Awaited<ReturnType<typeof kitSchema>>;
  let store: PgIdempotencyStore;
  let server: Server;
  let url: string;
  let effects: { name: string; size: number }[];
  /** Who may reach each project: the service's access rule, changed by the test (a member removed). */
  const members = new Map<string, Set<string>>();
  beforeAll(async () => {
    k = await kitSchema('idem_replay', 12);
    store = new PgIdempotencyStore(k.pool, k.schema);
    const app = createApp({ logger: createLogger('t', 'silent') });
    const asUser: RequestHandler = (req, _res, next) => {
      req.caller = { userId: String(req.headers['x-test-user']), email: 'u@example.com', role: 'designer' as never, sessionId: 's' };
      next();
    };
    const reaches = async (caller: { userId: string }, ids: readonly string[]) => ids.every((id) => members.get(id)?.has(caller.userId));
    app.use(asUser, idempotency({ store, pollMs: 5, reaches }));
    // An upload read as a stream, as logistics reads a purchase order's PDF: the first 8 bytes name it.
    app.post('/uploads', async (req, res) => {
      const body = await readBody(req, 1024 * 1024, 'The file is larger than 1 MB.');
      await new Promise((r) => setTimeout(r, 50));
      effects.push({ name: body.subarray(0, 8).toString(), size: body.length });
      res.status(201).json({ n: effects.length, name: body.subarray(0, 8).toString(), size: body.length });
    });
    // A change on a project, allowed to its members: the access check notes the project it reached.
    app.post('/projects/:id/notes', (req, res) => {
      if (!members.get(req.params.id)?.has(req.caller!.userId)) return void res.status(404).json({ error: 'not_found', message: 'Project not found' });
      noteProjectReached(req.params.id);
      effects.push({ name: String(req.body.text), size: 0 });
      res.status(201).json({ n: effects.length, projectId: req.params.id, text: req.body.text });
    });
    finishApp(app);
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    effects = [];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await k.drop();
  });

  const pdf = (name: string, size = 200_000) => Buffer.concat([Buffer.from(name.padEnd(8, '_')), Buffer.alloc(size - 8, name.charCodeAt(0))]);
  const upload = async (key: string, body: Buffer, user = 'u1') => {
    const res = await fetch(`${url}/uploads`, { method: 'POST', headers: { 'content-type': 'application/pdf', 'idempotency-key': key, 'x-test-user': user }, body: new Uint8Array(body) });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
  };

  it('the same key with a different file is a 422, never the first file’s answer; the same file again is replayed', async () => {
    const first = await upload('po-1', pdf('ORDER-A'));
    expect(first).toEqual({ status: 201, replayed: null, body: { n: 1, name: 'ORDER-A_', size: 200_000 } });
    const other = await upload('po-1', pdf('ORDER-B'));
    expect([other.status, other.body.error]).toEqual([422, 'idempotency_key_reused']);
    // Same size, one byte different at the end: still another file.
    const tail = pdf('ORDER-A');
    tail[tail.length - 1] = 0;
    expect((await upload('po-1', tail)).status).toBe(422);
    expect(await upload('po-1', pdf('ORDER-A'))).toEqual({ status: 201, replayed: 'true', body: first.body });
    expect(effects).toEqual([{ name: 'ORDER-A_', size: 200_000 }]);
  });

  it('two different files sent at once with one key: one is read and answered, the other is a 422; six copies of one file at once have one effect', async () => {
    const raced = await Promise.all([upload('po-2', pdf('ORDER-C')), upload('po-2', pdf('ORDER-D'))]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(effects).toHaveLength(1);
    effects = [];
    const copies = await Promise.all(Array.from({ length: 6 }, () => upload('po-3', pdf('ORDER-E'))));
    expect(copies.map((r) => [r.status, r.body])).toEqual(Array(6).fill([201, { n: 1, name: 'ORDER-E_', size: 200_000 }]));
    expect(effects).toHaveLength(1);
  });

  it('a stored answer is replayed only to a caller who still reaches its project: a member removed since gets the 404 a fresh request would', async () => {
    const project = randomUUID();
    members.set(project, new Set(['owner', 'mia']));
    const note = (user: string, text = 'Deliver after 3 pm') =>
      fetch(`${url}/projects/${project}/notes`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'note-1', 'x-test-user': user }, body: JSON.stringify({ text }) }).then(
        async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() }),
      );
    const first = await note('mia');
    expect(first).toMatchObject({ status: 201, replayed: null, body: { projectId: project } });
    expect(await note('mia')).toEqual({ ...first, replayed: 'true' });
    expect((await store.find('mia', 'note-1'))?.projects).toEqual([project]);

    members.get(project)!.delete('mia');
    const removed = await note('mia');
    expect([removed.status, removed.replayed, removed.body]).toEqual([404, null, expect.objectContaining({ error: 'not_found', message: 'Project not found' })]);
    expect(JSON.stringify(removed.body)).not.toContain('Deliver after');
    // Brought back, the same key gives the same answer again; the change happened once.
    members.get(project)!.add('mia');
    expect(await note('mia')).toEqual({ ...first, replayed: 'true' });
    expect(effects).toHaveLength(1);
  });
});
