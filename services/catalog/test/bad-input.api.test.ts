import { actor, useCatalog } from './catalog-harness';

const t = useCatalog();
const http = t.http;
const ann = actor();
let projectId: string;
let itemId: string;

beforeAll(async () => {
  projectId = (await http.project(ann)).id;
  itemId = (await http.item(ann, projectId)).id;
});

const MB = 'x'.repeat(1024 * 1024);
const BODIES: [string, string][] = [
  ['malformed JSON', '{"name": '],
  ['a JSON array', '[1,2]'],
  ['null', 'null'],
  ['wrong types', JSON.stringify({ name: 42, clientName: [], location: {}, quantity: 'many', price: 'free', status: 7, items: 'x', email: 5, installDate: true })],
  ['1 MB strings', JSON.stringify({ name: MB, clientName: MB, location: MB, supplier: MB, notes: MB, status: MB, email: `${MB}@x.com`, items: [{ name: MB }] })],
];

const WRITES = () => [
  ['POST', '/api/projects'],
  ['PUT', `/api/projects/${projectId}`],
  ['POST', `/api/projects/${projectId}/members`],
  ['POST', `/api/projects/${projectId}/items`],
  ['POST', `/api/projects/${projectId}/items/bulk`],
  ['PUT', `/api/items/${itemId}`],
  ['PUT', `/api/items/${itemId}/status`],
  ['POST', '/api/items/bulk-status'],
  ['POST', '/api/items/bulk-delete'],
];

describe('bad input never yields a 5xx and never changes data', () => {
  it.each(BODIES)('%s → 4xx JSON on every write', async (_name, body) => {
    const before = await http.get(`/api/projects/${projectId}`, ann);
    for (const [method, path] of WRITES()) {
      const res = await http.call(method, path, ann, body);
      if (res.status === 200 && path.endsWith('/bulk')) {
        // A bulk body that parses reports bad rows, and imports nothing bad.
        expect(res.body.items).toEqual([]);
        continue;
      }
      expect([method, path, res.status]).toEqual([method, path, expect.any(Number)]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
    }
    const after = await http.get(`/api/projects/${projectId}`, ann);
    expect(after.body.items).toEqual(before.body.items);
    expect(after.body.name).toBe(before.body.name);
  });

  it('an invitation whose role is empty or unknown is a 400 naming the roles, and invites no one (an empty role was taken as member)', async () => {
    const email = `role.${Date.now()}@example.com`;
    for (const role of ['', ' ', 'owner', 'admin', 'Member', null, 7]) {
      const res = await http.post(`/api/projects/${projectId}/members`, ann, { email, role });
      expect([role, res.status, res.body]).toEqual([role, 400, expect.objectContaining({ error: 'bad_request', message: 'role must be one of member, viewer (or left out for member)' })]);
    }
    const invited = async () => ((await http.get(`/api/projects/${projectId}/members`, ann)).body as { email: string; role: string }[]).filter((m) => m.email === email);
    expect(await invited()).toEqual([]);
    // Left out, the invitee is invited as a member.
    expect((await http.post(`/api/projects/${projectId}/members`, ann, { email })).status).toBe(202);
    expect((await invited()).map((m) => m.role)).toEqual(['member']);
  });

  it.each([
    ['/api/items?limit=abc'],
    ['/api/items?limit=-1'],
    ['/api/items?projectId=nope'],
    ['/api/items?q=' + 'x'.repeat(300)],
    ['/api/activities?limit=zero'],
    ['/api/dashboard/projects?limit=0'],
    ['/api/dashboard/projects?offset=-1'],
    ['/api/search?q='],
    ['/api/projects/%00'],
    ['/api/items/tracking-matches?trackingNumber=%00'],
    ['/api/items/tracking-matches?trackingNumber=' + 'x'.repeat(300)],
    ['/api/items/tracking-matches?trackingNumber=1Z&exceptItemId=%00'],
  ])('GET %s → 4xx', async (path) => {
    const res = await http.get(path, ann);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
