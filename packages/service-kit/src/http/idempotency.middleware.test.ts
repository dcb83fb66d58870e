import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { createLogger } from '../logger';
import { createApp, finishApp } from './app-factory';
import {
  IDEMPOTENCY_ABANDONED_MS,
  IDEMPOTENCY_HEARTBEAT_MS,
  IDEMPOTENCY_KEY_TTL_MS,
  idempotency,
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyStore,
  type StoredAnswer,
} from './idempotency.middleware';

/** The table's rules in memory: one row per (caller, key); an expired or abandoned row is taken over. */
class FakeStore implements IdempotencyStore {
  rows = new Map<string, Omit<IdempotencyRecord, 'heartbeatAt'> & { beatAt: Date }>();
  private id = (caller: string, key: string) => `${caller}\n${key}`;
  async claim({ caller, key, fingerprint, lease, now }: IdempotencyClaim) {
    const row = this.rows.get(this.id(caller, key));
    const age = row ? now.getTime() - row.createdAt.getTime() : 0;
    const silent = row ? now.getTime() - row.beatAt.getTime() : 0;
    if (row && age < IDEMPOTENCY_KEY_TTL_MS && (row.answer || row.committed || silent < IDEMPOTENCY_ABANDONED_MS)) return false;
    this.rows.set(this.id(caller, key), { fingerprint, lease, createdAt: now, beatAt: now, committed: false, answer: null, projects: [] });
    return true;
  }
  async heartbeat(caller: string, key: string, lease: string, now: Date) {
    const row = this.rows.get(this.id(caller, key));
    if (row?.lease === lease && !row.answer) row.beatAt = now;
  }
  async find(caller: string, key: string) {
    const row = this.rows.get(this.id(caller, key));
    return row ? { fingerprint: row.fingerprint, createdAt: row.createdAt, lease: row.lease, heartbeatAt: row.beatAt, committed: row.committed, answer: row.answer, projects: row.projects } : null;
  }
  async refine(caller: string, key: string, lease: string, fingerprint: string) {
    const row = this.rows.get(this.id(caller, key));
    if (row?.lease === lease && !row.answer) row.fingerprint = fingerprint;
  }
  async complete(caller: string, key: string, lease: string, answer: StoredAnswer, projects: readonly string[] = []) {
    const row = this.rows.get(this.id(caller, key));
    if (row?.lease === lease) Object.assign(row, { answer, projects: [...projects] });
  }
  async release(caller: string, key: string, lease: string) {
    if (this.rows.get(this.id(caller, key))?.lease === lease) this.rows.delete(this.id(caller, key));
  }
}

async function serve(store: IdempotencyStore, clock: { now: number }, maxWaitMs = 2000) {
  const app = createApp({ logger: createLogger('t', 'silent') });
  // The verified caller, as identityMiddleware sets it: here from a test header.
  const fakeCaller: RequestHandler = (req, _res, next) => {
    const user = req.headers['x-test-user'];
    if (typeof user === 'string' && user) req.caller = { userId: user, email: `${user}@example.com`, role: 'designer' as never, sessionId: 's' };
    next();
  };
  app.use(fakeCaller, idempotency({ store, now: () => clock.now, maxWaitMs, pollMs: 5 }));
  const effects: unknown[] = [];
  let gate: Promise<void> = Promise.resolve();
  let failNext = 0;
  app.post('/things', async (req, res) => {
    await gate;
    if (failNext > 0) {
      failNext--;
      res.status(503).json({ error: 'unavailable' });
      return;
    }
    effects.push(req.body);
    res.status(201).setHeader('Location', `/things/${effects.length}`);
    res.setHeader('X-Next-Cursor', `c${effects.length}`);
    res.setHeader('Set-Cookie', 'secret=1');
    res.json({ n: effects.length, body: req.body });
  });
  app.post('/rejects', (_req, res) => {
    effects.push('rejected');
    res.status(400).json({ error: 'bad_request', n: effects.length });
  });
  app.put('/things', (_req, res) => {
    effects.push('put');
    res.json({ n: effects.length });
  });
  finishApp(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    effects,
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => open();
    },
    failNext: (n: number) => (failNext = n),
    post: (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
      fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', 'x-test-user': 'u1', ...headers }, body: JSON.stringify(body) }),
    close: () => new Promise((r) => {
      server.close(r);
      server.closeAllConnections();
    }),
  };
}

const answerOf = async (res: Response) => ({ status: res.status, location: res.headers.get('location'), cursor: res.headers.get('x-next-cursor'), body: await res.text() });

describe('idempotency middleware', () => {
  let store: FakeStore;
  let clock: { now: number };
  let s: Awaited<ReturnType<typeof serve>>;
  beforeEach(async () => {
    store = new FakeStore();
    clock = { now: Date.parse('2026-11-26T12:00:00Z') };
    s = await serve(store, clock);
  });
  afterEach(() => s.close());

  it('answers a repeated key with the first answer (status, body, Location, X-Next-Cursor) without running the handler again', async () => {
    const first = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k1' });
    const again = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k1' });
    expect(await answerOf(again)).toEqual(await answerOf(first));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Cookies belong to the exchange that set them.
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(s.effects).toHaveLength(1);
  });

  it('runs four identical requests at once exactly once, and all four get the same answer', async () => {
    const open = s.hold();
    const pending = Array.from({ length: 4 }, () => s.post('/things', { name: 'a' }, { 'idempotency-key': 'race' }));
    await new Promise((r) => setTimeout(r, 50));
    open();
    const answers = await Promise.all((await Promise.all(pending)).map(answerOf));
    expect(s.effects).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(201);
  });

  it('refuses the same key on a different body or path with 422 and a message', async () => {
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k2' });
    const other = await s.post('/things', { name: 'b' }, { 'idempotency-key': 'k2' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: 'idempotency_key_reused', message: expect.stringContaining('different request') });
    const otherPath = await s.post('/rejects', { name: 'a' }, { 'idempotency-key': 'k2' });
    expect(otherPath.status).toBe(422);
    expect(s.effects).toHaveLength(1);
  });

  it('gives different keys, no key, and another caller with the same key effects of their own', async () => {
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k3' });
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k4' });
    await s.post('/things', { name: 'a' });
    await s.post('/things', { name: 'a' });
    const u2 = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k3', 'x-test-user': 'u2' });
    expect(u2.headers.get('idempotent-replayed')).toBeNull();
    expect(s.effects).toHaveLength(5);
  });

  it('forgets a key after 24 hours', async () => {
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k5' });
    clock.now += IDEMPOTENCY_KEY_TTL_MS - 1000;
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k5' });
    expect(s.effects).toHaveLength(1);
    clock.now += 2000;
    const later = await s.post('/things', { name: 'b' }, { 'idempotency-key': 'k5' });
    expect(later.status).toBe(201);
    expect(s.effects).toHaveLength(2);
  });

  it('releases the key when the first attempt fails with a 5xx, so the retry runs', async () => {
    s.failNext(1);
    expect((await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k6' })).status).toBe(503);
    const retry = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'k6' });
    expect(retry.status).toBe(201);
    expect(s.effects).toHaveLength(1);
  });

  it('replays a 4xx answer like any other (the request was judged, not lost)', async () => {
    const first = await s.post('/rejects', { x: 1 }, { 'idempotency-key': 'k7' });
    const again = await s.post('/rejects', { x: 1 }, { 'idempotency-key': 'k7' });
    expect(await answerOf(again)).toEqual(await answerOf(first));
    expect(s.effects).toEqual(['rejected']);
  });

  it('refuses keys that are empty, too long or not visible ASCII with 400, and runs nothing', async () => {
    for (const key of ['x'.repeat(256), 'has space', 'tab\there']) {
      const res = await s.post('/things', { name: 'a' }, { 'idempotency-key': key });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_idempotency_key', message: expect.stringContaining('Idempotency-Key') });
    }
    const empty = await s.post('/things', { name: 'a' }, { 'idempotency-key': '' });
    expect(empty.status).toBe(400);
    expect((await s.post('/things', { name: 'a' }, { 'idempotency-key': 'x'.repeat(255) })).status).toBe(201);
    expect(s.effects).toHaveLength(1);
  });

  it('leaves anonymous requests and other methods alone', async () => {
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'anon', 'x-test-user': '' });
    await s.post('/things', { name: 'a' }, { 'idempotency-key': 'anon', 'x-test-user': '' });
    await s.post('/things', {}, { 'idempotency-key': 'put' }, 'PUT');
    await s.post('/things', {}, { 'idempotency-key': 'put' }, 'PUT');
    expect(s.effects).toHaveLength(4);
  });

  /** The row a process that claimed `key` for POST /things with `body` left behind, its last beat `silentMs` ago. */
  const leftBehind = (key: string, body: unknown, silentMs: number, committed = false) => {
    const sha = (x: string) => createHash('sha256').update(x).digest('hex');
    const at = new Date(clock.now - silentMs);
    store.rows.set(`u1\n${key}`, { fingerprint: sha(`POST\n/things\n${sha(JSON.stringify(body))}`), lease: 'dead-process', createdAt: at, beatAt: at, committed, answer: null, projects: [] });
  };

  it('takes over the key of a request whose process died (its beat stopped) and runs the retry once', async () => {
    leftBehind('killed', { name: 'a' }, IDEMPOTENCY_ABANDONED_MS + 1000);
    const retry = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'killed' });
    expect(retry.status).toBe(201);
    expect(s.effects).toHaveLength(1);
    expect((await s.post('/things', { name: 'a' }, { 'idempotency-key': 'killed' })).headers.get('idempotent-replayed')).toBe('true');
    expect(s.effects).toHaveLength(1);
  });

  it('does not run again a request whose change committed before its process died: the retry is told it was carried out', async () => {
    leftBehind('committed', { name: 'a' }, IDEMPOTENCY_ABANDONED_MS + 1000, true);
    const retry = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'committed' });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ message: expect.stringMatching(/already carried out/) });
    expect(s.effects).toHaveLength(0);
    const again = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'committed' });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(s.effects).toHaveLength(0);
  });

  it('leaves the key of a request whose holder beat recently alone: the retry waits for it', async () => {
    await s.close();
    s = await serve(store, clock, 100);
    leftBehind('alive', { name: 'a' }, IDEMPOTENCY_ABANDONED_MS - 3000);
    expect((await s.post('/things', { name: 'a' }, { 'idempotency-key': 'alive' })).status).toBe(409);
    expect(s.effects).toHaveLength(0);
  });

  it('beats on the key while its handler runs, however long it takes', async () => {
    const open = s.hold();
    const first = s.post('/things', { name: 'a' }, { 'idempotency-key': 'long' });
    await new Promise((r) => setTimeout(r, 100));
    clock.now += IDEMPOTENCY_ABANDONED_MS * 3;
    await new Promise((r) => setTimeout(r, IDEMPOTENCY_HEARTBEAT_MS + 300));
    expect(store.rows.get('u1\nlong')?.beatAt.getTime()).toBe(clock.now);
    open();
    expect((await first).status).toBe(201);
    expect(s.effects).toHaveLength(1);
  });

  it('answers 409 in progress when the first request runs longer than a retry waits', async () => {
    await s.close();
    s = await serve(store, clock, 100);
    const open = s.hold();
    const first = s.post('/things', { name: 'a' }, { 'idempotency-key': 'slow' });
    await new Promise((r) => setTimeout(r, 30));
    const second = await s.post('/things', { name: 'a' }, { 'idempotency-key': 'slow' });
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toMatchObject({ error: 'idempotency_key_in_use' });
    open();
    expect((await first).status).toBe(201);
    expect(s.effects).toHaveLength(1);
  });
});
