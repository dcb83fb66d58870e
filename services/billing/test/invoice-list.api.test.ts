import { randomUUID } from 'node:crypto';
import { actor, type Actor, useBilling } from './billing-harness';

/**
 * The Billing page at scale: GET /api/invoices a page at a time (keyset, newest first), filtered on the server,
 * and its summary counting every matching invoice. The projects' names carry this run's tag, so `q` picks
 * out this file's invoices from the shared schema.
 */
const t = useBilling();
const { api } = t;
const admin = actor('midway_admin');
const tag = `Pager${randomUUID().slice(0, 8)}`;

type Row = { id: string; projectId: string; invoiceNumber: string; clientName: string; status: string; createdAt: string };

const PROJECTS = 140;
const INVOICES = 425;
let designerA: Actor;
let designerB: Actor;
const projects: { id: string; owner: Actor }[] = [];
const created: Row[] = [];

/** Every page of the list from the start, following X-Next-Cursor: the rows in the order served and the number of pages. */
async function walk(who: Actor, query: string): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await api.get(`/api/invoices?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, who);
    expect(res.status).toBe(200);
    rows.push(...(res.body as Row[]));
    cursor = res.headers.get('x-next-cursor');
    pages += 1;
  } while (cursor && pages < 100);
  return { rows, pages };
}

beforeAll(async () => {
  designerA = actor();
  designerB = actor();
  await t.up.user(designerA);
  await t.up.user(designerB);
  for (let i = 0; i < PROJECTS; i++) {
    const owner = i % 2 === 0 ? designerA : designerB;
    projects.push({ id: await t.up.project(owner, { name: `${tag} Residence ${String(i).padStart(3, '0')}` }), owner });
  }
  await t.up.caughtUp();
  // Three invoices a project (the first five get two), 425 in all, created twenty at a time.
  const plan = Array.from({ length: INVOICES }, (_, n) => projects[n % PROJECTS]!);
  for (let from = 0; from < plan.length; from += 20) {
    const batch = await Promise.all(
      plan.slice(from, from + 20).map((p, k) => api.post(`/api/projects/${p.id}/invoices`, admin, { clientName: `Client ${String(from + k).padStart(3, '0')} ${tag}` })),
    );
    for (const res of batch) {
      expect(res.status).toBe(201);
      created.push(res.body as Row);
    }
  }
}, 240_000);

describe('GET /api/invoices a page at a time', () => {
  it('walks every invoice exactly once, newest first, in the order of one big page', async () => {
    const { rows, pages } = await walk(admin, `q=${tag}&limit=50`);
    expect(pages).toBe(9);
    expect(rows).toHaveLength(INVOICES);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(created.map((r) => r.id)));
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.createdAt >= rows[i]!.createdAt).toBe(true);
    const whole = (await api.get(`/api/invoices?q=${tag}&limit=1000`, admin));
    expect(whole.headers.get('x-next-cursor')).toBeNull();
    expect((whole.body as Row[]).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('serves 200 by default and says where the next page starts', async () => {
    const res = await api.get(`/api/invoices?q=${tag}`, admin);
    expect(res.body).toHaveLength(200);
    expect(res.headers.get('x-next-cursor')).toBeTruthy();
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-next-cursor');
  });

  it('filters on the server: by project, by status, and q over number, client name and project name', async () => {
    const p = projects[7]!;
    const byProject = await walk(admin, `projectId=${p.id}`);
    expect(byProject.rows.map((r) => r.id).sort()).toEqual(created.filter((r) => r.projectId === p.id).map((r) => r.id).sort());

    const one = created[123]!;
    expect((await walk(admin, `q=${one.invoiceNumber}`)).rows.map((r) => r.id)).toEqual([one.id]);
    expect((await walk(admin, `q=${encodeURIComponent(one.clientName.toLowerCase())}`)).rows.map((r) => r.id)).toEqual([one.id]);
    const byProjectName = await walk(admin, `q=${encodeURIComponent(`${tag} Residence 007`)}`);
    expect(byProjectName.rows.map((r) => r.id).sort()).toEqual(byProject.rows.map((r) => r.id).sort());

    expect((await walk(admin, `q=${tag}&status=draft&limit=1000`)).rows).toHaveLength(INVOICES);
    expect((await walk(admin, `q=${tag}&status=paid`)).rows).toEqual([]);
    // LIKE's wildcards are plain characters in q.
    expect((await walk(admin, `q=${tag}%25`)).rows).toEqual([]);
  });

  it('a designer walks only their own projects’ invoices', async () => {
    const theirs = new Set(projects.filter((p) => p.owner === designerA).map((p) => p.id));
    const { rows } = await walk(designerA, 'limit=37');
    expect(rows.length).toBe(created.filter((r) => theirs.has(r.projectId)).length);
    expect(rows.every((r) => theirs.has(r.projectId))).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect((await walk(designerB, `projectId=${[...theirs][0]}`)).rows).toEqual([]);
  });

  it.each([
    ['a cursor that is not one', 'cursor=not-a-cursor'],
    ['a tampered cursor', `cursor=${Buffer.from('12.x').toString('base64url')}`],
    ['a limit past 1000', 'limit=1001'],
    ['a limit of 0', 'limit=0'],
    ['an unknown status', 'status=teleported'],
    ['a projectId that is not an id', 'projectId=42'],
    ['NUL in q', 'q=a%00b'],
  ])('answers 400 to %s', async (_, query) => {
    const res = await api.get(`/api/invoices?${query}`, admin);
    expect(res.status).toBe(400);
  });
});

describe('GET /api/invoices/summary', () => {
  it('counts every matching invoice, not a page', async () => {
    expect((await api.get(`/api/invoices/summary?q=${tag}`, admin)).body).toEqual({ total: INVOICES, paid: 0, pending: INVOICES, revenue: '0.00' });
    expect((await api.get(`/api/invoices/summary?q=${tag}&status=paid`, admin)).body).toMatchObject({ total: 0 });
    const p = projects[3]!;
    expect((await api.get(`/api/invoices/summary?projectId=${p.id}`, admin)).body).toMatchObject({ total: created.filter((r) => r.projectId === p.id).length });
    expect((await api.get(`/api/invoices/summary?projectId=${p.id}`, p.owner === designerA ? designerB : designerA)).body).toMatchObject({ total: 0 });
  });

  it('answers 400 to a bad filter', async () => {
    expect((await api.get('/api/invoices/summary?status=teleported', admin)).status).toBe(400);
  });
});
