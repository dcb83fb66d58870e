import { ANONYMOUS, actor, announceUser, eventually, type Actor, useCatalog } from './catalog-harness';

/**
 * Every catalog route against every kind of caller. A designer never sees or changes another designer's
 * data: the outsider gets exactly what a missing resource gets (404), never a 403 that confirms it exists.
 */
const t = useCatalog();
const http = t.http;
const owner = actor();
const member = actor();
const outsider = actor();
const admin = actor('midway_admin');

beforeAll(async () => {
  await announceUser(member, 'Mia', 'Member');
});

type Who = 'anonymous' | 'owner' | 'member' | 'outsider' | 'admin';
const callers: Record<Who, Actor> = { anonymous: ANONYMOUS, owner, member, outsider, admin };

interface Fixture {
  projectId: string;
  itemId: string;
}

/** A fresh project (shared with the member) and item for each call, so destructive calls never interfere. */
async function fixture(): Promise<Fixture> {
  const p = await http.project(owner);
  await eventually(() => http.post(`/api/projects/${p.id}/members`, owner, { email: member.email }), (r) => r.status === 201);
  const item = await http.item(owner, p.id, { name: 'Secret sideboard', price: 999 });
  return { projectId: p.id, itemId: item.id };
}

type Route = [name: string, call: (who: Actor, f: Fixture) => Promise<{ status: number; body: unknown }>, expected: Record<Who, number>];
const ALL_OK = (ok: number): Record<Who, number> => ({ anonymous: 401, owner: ok, member: ok, outsider: 404, admin: ok });

const ROUTES: Route[] = [
  ['GET /api/projects/{id}', (w, f) => http.get(`/api/projects/${f.projectId}`, w), ALL_OK(200)],
  ['PUT /api/projects/{id}', (w, f) => http.put(`/api/projects/${f.projectId}`, w, { status: 'planning' }), ALL_OK(200)],
  ['POST /api/projects/{id}/share', (w, f) => http.post(`/api/projects/${f.projectId}/share`, w), ALL_OK(200)],
  ['GET /api/projects/{id}/members', (w, f) => http.get(`/api/projects/${f.projectId}/members`, w), ALL_OK(200)],
  ['POST /api/projects/{id}/members', (w, f) => http.post(`/api/projects/${f.projectId}/members`, w, { email: member.email }), ALL_OK(201)],
  ['DELETE /api/projects/{id}/members/{userId}', (w, f) => http.del(`/api/projects/${f.projectId}/members/${member.userId}`, w), { anonymous: 401, owner: 204, member: 204, outsider: 404, admin: 204 }],
  ['POST /api/projects/{id}/items', (w, f) => http.post(`/api/projects/${f.projectId}/items`, w, { name: 'Lamp' }), ALL_OK(201)],
  ['POST /api/projects/{id}/items/bulk', (w, f) => http.post(`/api/projects/${f.projectId}/items/bulk`, w, { items: [{ name: 'Lamp' }] }), ALL_OK(200)],
  ['PUT /api/items/{id}', (w, f) => http.put(`/api/items/${f.itemId}`, w, { notes: 'changed' }), ALL_OK(200)],
  ['PUT /api/items/{id}/status', (w, f) => http.put(`/api/items/${f.itemId}/status`, w, { status: 'received' }), ALL_OK(200)],
  ['DELETE /api/items/{id}', (w, f) => http.del(`/api/items/${f.itemId}`, w), ALL_OK(204)],
];

describe.each(ROUTES)('%s', (_name, call, expected) => {
  it.each(Object.keys(callers) as Who[])('as %s', async (who) => {
    const f = await fixture();
    const res = await call(callers[who], f);
    expect(res.status).toBe(expected[who]);
    if (who === 'outsider') {
      // Nothing leaks, and nothing changed.
      expect(JSON.stringify(res.body)).not.toContain('Secret sideboard');
      const after = await http.get(`/api/projects/${f.projectId}`, owner);
      expect(after.body.status).toBe('active');
      expect(after.body.items.map((i: { id: string; notes: string | null; status: string }) => [i.id, i.notes, i.status])).toEqual([[f.itemId, null, 'ordered']]);
      expect((await http.get(`/api/projects/${f.projectId}/members`, owner)).body).toHaveLength(1);
    }
  });
});

describe('collection routes show each caller only their own data', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
    await http.post(`/api/projects/${f.projectId}/share`, owner);
  });

  const ids = (body: { id: string }[]) => body.map((x) => x.id);

  it.each([
    ['GET /api/projects', (): string => '/api/projects', (b: { id: string }[]) => ids(b).includes(f.projectId)],
    ['GET /api/items', (): string => `/api/items?projectId=${f.projectId}`, (b: { id: string }[]) => ids(b).includes(f.itemId)],
    ['GET /api/items (unfiltered)', (): string => '/api/items?limit=1000', (b: { id: string }[]) => ids(b).includes(f.itemId)],
    ['GET /api/activities', (): string => '/api/activities?limit=100', (b: { projectId: string }[]) => b.some((a) => a.projectId === f.projectId)],
    ['GET /api/search', (): string => '/api/search?q=Secret sideboard', (b: { id: string }[]) => ids(b).includes(f.itemId)],
  ] as const)('%s', async (_name, path, sees) => {
    expect((await http.get(path(), ANONYMOUS)).status).toBe(401);
    for (const who of ['owner', 'member', 'admin'] as const) {
      const res = await http.get(path(), callers[who]);
      expect(res.status).toBe(200);
      expect(sees(res.body as never)).toBe(true);
    }
    const res = await http.get(path(), outsider);
    expect(res.status).toBe(200);
    expect(sees(res.body as never)).toBe(false);
  });

  it('GET /api/dashboard/stats counts nothing of another designer’s', async () => {
    expect((await http.get('/api/dashboard/stats', ANONYMOUS)).status).toBe(401);
    const fresh = actor();
    expect((await http.get('/api/dashboard/stats', fresh)).body).toEqual({ activeProjects: 0, itemsInTransit: 0, receivedThisMonth: 0, itemsWithoutTracking: 0 });
    expect((await http.get('/api/dashboard/stats', owner)).body.activeProjects).toBeGreaterThan(0);
  });

  it('POST /api/projects needs a caller; the project belongs to them', async () => {
    expect((await http.post('/api/projects', ANONYMOUS, { name: 'N', clientName: 'C', location: 'L' })).status).toBe(401);
  });

  it('GET /api/shared/projects/{token} is public but needs the token', async () => {
    const token = (await http.post(`/api/projects/${f.projectId}/share`, owner)).body.shareToken;
    for (const who of Object.values(callers)) expect((await http.get(`/api/shared/projects/${token}`, who)).status).toBe(200);
  });
});
