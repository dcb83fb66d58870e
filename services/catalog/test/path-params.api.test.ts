import { actor, useCatalog } from './catalog-harness';

const t = useCatalog();
const http = t.http;

/** Ids come from URLs anyone can type: a malformed one is a 404, never a database error. */
describe('malformed ids in paths', () => {
  const ann = actor();
  const bad = ['not-a-uuid', '123', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000Z'];

  it.each(bad)('%s → 404 on every route that takes an id', async (id) => {
    const p = await http.project(ann);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/projects/${encodeURIComponent(id)}`],
      ['PUT', `/api/projects/${encodeURIComponent(id)}`, { status: 'planning' }],
      ['POST', `/api/projects/${encodeURIComponent(id)}/share`, {}],
      ['GET', `/api/projects/${encodeURIComponent(id)}/members`],
      ['POST', `/api/projects/${encodeURIComponent(id)}/members`, { email: 'x@y.co' }],
      ['DELETE', `/api/projects/${p.id}/members/${encodeURIComponent(id)}`],
      ['POST', `/api/invitations/${encodeURIComponent(id)}/accept`],
      ['POST', `/api/invitations/${encodeURIComponent(id)}/decline`],
      ['GET', `/api/invitations/link/${encodeURIComponent(id)}`],
      ['POST', `/api/projects/${encodeURIComponent(id)}/items`, { name: 'Lamp' }],
      ['POST', `/api/projects/${encodeURIComponent(id)}/items/bulk`, { items: [{ name: 'Lamp' }] }],
      ['PUT', `/api/items/${encodeURIComponent(id)}`, { notes: 'x' }],
      ['PUT', `/api/items/${encodeURIComponent(id)}/status`, { status: 'received' }],
      ['DELETE', `/api/items/${encodeURIComponent(id)}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await http.call(method, path, ann, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
  });
});
