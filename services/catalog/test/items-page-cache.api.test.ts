import { Pool } from 'pg';
import { testEnv } from '@midway/testing';
import { ItemPageCache } from '../src/data/item-page.cache';
import { actor, inviteAndAccept, useCatalog, type Actor } from './catalog-harness';

/**
 * GET /api/items reuses a built page until something it shows changes. A user relies on two things: every
 * change (their own or anyone's, through any write path, including another service's events and raw SQL)
 * shows on the next request after it commits, and nothing else does. Other suites write to the same
 * database meanwhile, and any catalog change anywhere makes a page be rebuilt; so "reused" is asserted as
 * "eventually reused", and "rebuilt" exactly.
 */
const t = useCatalog();
const http = t.http;
let pool: Pool;
beforeAll(() => {
  pool = new Pool({ connectionString: testEnv().databaseUrl, max: 6, options: '-c search_path=catalog' });
});
afterAll(() => pool.end());

/** A cache over the test database whose reads are counted. */
function countedCache(options = { maxBytes: 1 << 20, ttlMs: 60_000, clockMarginMs: 60_000 }) {
  const cache = new ItemPageCache(pool, options);
  let builds = 0;
  let version = 0;
  const page = (key = 'k', during?: () => Promise<unknown>) =>
    cache.page(key, async () => {
      builds++;
      await during?.();
      return { json: JSON.stringify({ version: ++version }), nextCursor: null };
    });
  return { cache, page, builds: () => builds };
}

/** True once two calls in a row are answered without a build (a quiet moment between other suites' writes). */
async function reusedEventually(c: ReturnType<typeof countedCache>, key = 'k') {
  for (let tries = 0; tries < 50; tries++) {
    await c.page(key);
    const before = c.builds();
    await c.page(key);
    if (c.builds() === before) return true;
  }
  return false;
}

async function project(owner: Actor) {
  const p = await http.project(owner);
  const item = await http.item(owner, p.id, { name: 'Walnut console' });
  return { p, item };
}

describe('ItemPageCache over Postgres', () => {
  it('builds a page once and sends the same bytes, digest and cursor while nothing changes', async () => {
    const c = countedCache();
    const first = await c.page();
    expect(await reusedEventually(c)).toBe(true);
    const again = await c.page();
    expect(again.json.toString()).toBe(JSON.stringify({ version: c.builds() }));
    expect(again.digest).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(first.digest === again.digest).toBe(first.json.equals(again.json));
  });

  it.each([
    ['an item', (id: { item: string; project: string }) => pool.query('UPDATE items SET notes = $2 WHERE id = $1', [id.item, 'Glass top'])],
    ['a project', (id: { item: string; project: string }) => pool.query('UPDATE projects SET name = $2 WHERE id = $1', [id.project, 'Renamed'])],
    ['a membership', (id: { item: string; project: string }) => pool.query('DELETE FROM project_memberships WHERE project_id = $1', [id.project])],
    ['an item deleted', (id: { item: string; project: string }) => pool.query('DELETE FROM items WHERE id = $1', [id.item])],
  ])('rebuilds on the next call after a committed change to %s', async (_what, change) => {
    const owner = actor();
    const { p, item } = await project(owner);
    const c = countedCache();
    expect(await reusedEventually(c)).toBe(true);
    await change({ item: item.id, project: p.id });
    const before = c.builds();
    await c.page();
    expect(c.builds()).toBe(before + 1);
  });

  it('is not disturbed by a change still in flight or rolled back, and rebuilds the moment it commits', async () => {
    const owner = actor();
    const { item } = await project(owner);
    const c = countedCache();
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE items SET notes = $2 WHERE id = $1', [item.id, 'In flight']);
      expect(await reusedEventually(c)).toBe(true);
      await writer.query('COMMIT');
      const before = c.builds();
      await c.page();
      expect(c.builds()).toBe(before + 1);

      await writer.query('BEGIN');
      await writer.query('UPDATE items SET notes = $2 WHERE id = $1', [item.id, 'Never']);
      await writer.query('ROLLBACK');
      expect(await reusedEventually(c)).toBe(true);
    } finally {
      writer.release();
    }
  });

  it('never keeps a page that missed a change committed while it was being read', async () => {
    const owner = actor();
    const { item } = await project(owner);
    const c = countedCache();
    // The change commits after the cache took its snapshot and before the page's own read finished.
    await c.page('k', () => pool.query('UPDATE items SET notes = $2 WHERE id = $1', [item.id, 'Raced']));
    const before = c.builds();
    await c.page('k');
    expect(c.builds()).toBe(before + 1);
  });

  it('keeps each key apart, and drops the least recently used page past its byte budget', async () => {
    const c = countedCache({ maxBytes: 30, ttlMs: 60_000, clockMarginMs: 60_000 }); // two pages of 13–14 bytes
    for (let tries = 0; tries < 50; tries++) {
      await c.page('a');
      await c.page('b');
      await c.page('a'); // a is now the most recently used
      await c.page('c'); // over budget: b goes
      const before = c.builds();
      await c.page('a');
      await c.page('c');
      const reused = c.builds() === before;
      await c.page('b');
      if (reused) return expect(c.builds()).toBe(before + 1);
    }
    throw new Error('never a quiet moment to see the pages reused');
  });

  it('prunes change rows below the xmin of a snapshot older than its ttl, and none a live page may need', async () => {
    // The DELETE is recorded, not run: other suites' catalogs share this database and keep pages for minutes.
    const deletes: string[] = [];
    const recording = new Proxy(pool, {
      get: (target, prop) =>
        prop === 'query'
          ? (text: string, values?: unknown[]) => (text.startsWith('DELETE') ? (deletes.push(String(values![0])), Promise.resolve({ rows: [], rowCount: 0 })) : target.query(text, values))
          : Reflect.get(target, prop),
    });
    const cache = new ItemPageCache(recording as Pool, { maxBytes: 1 << 20, ttlMs: 40, clockMarginMs: 0 });
    const build = async () => ({ json: '[]', nextCursor: null });
    const xmin = async () => BigInt((await pool.query<{ x: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS x')).rows[0]!.x);
    const before = await xmin();
    await cache.page('old', build); // the first horizon
    const after = await xmin();
    await cache.page('young', build); // too soon: nothing is old enough yet
    expect(deletes).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    await cache.page('new', build); // the first horizon is now older than ttl
    expect(deletes).toHaveLength(1);
    const boundary = BigInt(deletes[0]!);
    expect(boundary >= before && boundary <= after).toBe(true);
  });
});

describe('GET /api/items reused between requests', () => {
  const names = async (who: Actor) => (await http.get('/api/items?limit=50', who)).body.map((i: { name: string; projectName: string }) => `${i.projectName}: ${i.name}`);

  it('shows every change on the very next request, through every write path', async () => {
    const owner = actor();
    const colleague = actor();
    await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${colleague.userId}::uuid, ${colleague.email}, 'Robin', 'Ng', 'designer', now())`;
    const p = await http.project(owner, { name: 'Harbour Loft' });
    const a = await http.item(owner, p.id, { name: 'Oak bench' });
    expect(await names(owner)).toEqual(['Harbour Loft: Oak bench']);
    expect(await names(owner)).toEqual(['Harbour Loft: Oak bench']); // a reused page says the same

    await http.item(owner, p.id, { name: 'Brass lamp' });
    expect(await names(owner)).toEqual(['Harbour Loft: Brass lamp', 'Harbour Loft: Oak bench']);
    await http.put(`/api/items/${a.id}`, owner, { name: 'Oak bench, long' });
    expect(await names(owner)).toContain('Harbour Loft: Oak bench, long');
    await http.put(`/api/items/${a.id}/status`, owner, { status: 'in-transit' });
    expect((await http.get('/api/items?status=in-transit', owner)).body.map((i: { id: string }) => i.id)).toEqual([a.id]);
    await http.put(`/api/projects/${p.id}`, owner, { name: 'Harbour Loft II' });
    expect(await names(owner)).toEqual(['Harbour Loft II: Brass lamp', 'Harbour Loft II: Oak bench, long']);
    await http.post(`/api/projects/${p.id}/items/bulk`, owner, { items: [{ name: 'Imported rug' }] });
    expect(await names(owner)).toHaveLength(3);
    // A photo as logistics writes it (its event's consumer), here as the SQL it runs.
    await t.catalog.db.$executeRaw`UPDATE catalog.items SET photo_url = '/api/photos/0c6f6c1e-2f52-4a53-9d4f-3b1d2f6a7e10' WHERE id = ${a.id}::uuid`;
    expect((await http.get('/api/items?limit=50', owner)).body.find((i: { id: string }) => i.id === a.id).photoUrl).toContain('0c6f6c1e');
    await http.del(`/api/items/${a.id}`, owner);
    expect(await names(owner)).toEqual(['Harbour Loft II: Imported rug', 'Harbour Loft II: Brass lamp']);

    // Who may see the page changes it too: a member sees the project's items, a removed member no longer does.
    expect(await names(colleague)).toEqual([]);
    await inviteAndAccept(http, owner, p.id, colleague);
    expect(await names(colleague)).toHaveLength(2);
    await http.del(`/api/projects/${p.id}/members/${colleague.userId}`, owner);
    expect(await names(colleague)).toEqual([]);
  });

  it('answers a browser that has the page with 304 and no body until it changes', async () => {
    const owner = actor();
    const { p } = await project(owner);
    const first = await http.get('/api/items', owner);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    // As a browser revalidates (fetch() itself would add no-cache to a conditional request, which asks for a 200).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' };
    const same = await http.call('GET', '/api/items', owner, undefined, revalidate);
    expect([same.status, same.body]).toEqual([304, undefined]);
    await http.item(owner, p.id, { name: 'Second piece' });
    const changed = await http.call('GET', '/api/items', owner, undefined, revalidate);
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(2);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('gives each of forty racing readers and writers a page that includes every write that finished before it was asked', async () => {
    const owner = actor();
    const { p } = await project(owner);
    const done = new Set<string>();
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const item = await http.item(owner, p.id, { name: `Piece ${i}` });
        done.add(item.id);
        const seenBefore = new Set(done);
        const ids = new Set((await http.get('/api/items?limit=100', owner)).body.map((x: { id: string }) => x.id));
        expect([...seenBefore].filter((id) => !ids.has(id))).toEqual([]);
      }),
    );
    expect((await http.get('/api/items?limit=100', owner)).body).toHaveLength(21);
  });
});
