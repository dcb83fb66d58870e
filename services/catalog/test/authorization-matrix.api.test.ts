import { dashboardRoutes } from '../src/routes/dashboard.routes';
import { itemRoutes } from '../src/routes/item.routes';
import { createHash, randomBytes } from 'node:crypto';
import { memberRoutes } from '../src/routes/member.routes';
import { projectRoutes, sharedRoutes } from '../src/routes/project.routes';
import { searchRoutes } from '../src/routes/search.routes';
import { ANY_SIGNED_IN, by, describeAuthorizationMatrix, EDIT, expectEveryRouteHasARow, inviteAndAcceptVerified, MANAGE, PUBLIC, READ, SEEN_BY_THOSE_WHO_REACH, uniqueEmail, whoSees, type MatrixRow, type Who } from '@midway/testing';
import { ANONYMOUS, actor, type Actor, useCatalog } from './catalog-harness';

/**
 * Every catalog route against every kind of caller, from one table. The roles (contract: canOnProject):
 * the owner and an admin do everything; a member reads, edits items and the project's fields; a viewer
 * only reads. A removed member and another designer cannot reach the project at all: they get exactly what
 * a missing project gets (404), never a 403 that confirms it exists. Anonymous callers (no identity token)
 * get 401. A refused call changes nothing, and lists never show a project to those who cannot reach it.
 */
const t = useCatalog();
const http = t.http;

interface Fixture {
  callers: Record<Who, Actor>;
  projectId: string;
  itemId: string;
  shareToken: string;
  /** A pending invitation to the project, sent to the outsider's address, and its link's token. */
  invitationId: string;
  invitationToken: string;
}

/** Catalog learns users from identity's events; here they are written to its read model directly (addresses verified). */
async function known(...actors: Actor[]) {
  for (const a of actors) {
    await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, email_verified, updated_at) VALUES (${a.userId}::uuid, ${a.email}, 'Test', ${a.role}, ${a.role}, true, now())`;
  }
}

/**
 * A fresh project for each call (so destructive calls never interfere), with fresh callers: a member, a
 * viewer (both joined by accepting an invitation), and a designer who was a member and has been removed.
 * Its one item is in transit (so the dashboard's counts show whether the caller reaches it), it has a client
 * link, and the outsider has been invited but has not answered yet.
 */
async function fixture(): Promise<Fixture> {
  const callers: Record<Who, Actor> = { anonymous: ANONYMOUS, owner: actor(), member: actor(), viewer: actor(), removed: actor(), outsider: actor(), admin: actor('midway_admin') };
  await known(callers.member, callers.viewer, callers.removed, callers.outsider);
  const p = await http.project(callers.owner, { name: 'Matrix Manor' });
  // Joined as verified addresses accept (the e-mailed link's way is the invitation tests'), in parallel: hundreds of fixtures.
  await Promise.all(([['member', 'member'], ['viewer', 'viewer'], ['removed', 'member']] as const).map(([who, role]) => inviteAndAcceptVerified(http, callers.owner, p.id, callers[who], role)));
  expect((await http.del(`/api/projects/${p.id}/members/${callers.removed.userId}`, callers.owner)).status).toBe(204);
  const item = await http.item(callers.owner, p.id, { name: 'Zebrawood credenza', price: 999 });
  expect((await http.put(`/api/items/${item.id}/status`, callers.owner, { status: 'in-transit' })).status).toBe(200);
  const shareToken = (await http.post(`/api/projects/${p.id}/share`, callers.owner)).body.shareToken;
  expect((await http.post(`/api/projects/${p.id}/members`, callers.owner, { email: callers.outsider.email })).status).toBe(202);
  const [invitation] = (await http.get('/api/invitations', callers.outsider)).body;
  // The link's token only travels by e-mail; the fixture gives the invitation a token it knows instead.
  const invitationToken = randomBytes(32).toString('base64url');
  await t.catalog.db.$executeRaw`UPDATE project_invitations SET token_hash = ${createHash('sha256').update(invitationToken).digest('hex')} WHERE id = ${invitation.id}::uuid`;
  return { callers, projectId: p.id, itemId: item.id, shareToken, invitationId: invitation.id, invitationToken };
}

/** Everything a refused call must leave as it was, as the owner sees it. */
async function snapshot(f: Fixture) {
  const owner = f.callers.owner;
  const detail = (await http.get(`/api/projects/${f.projectId}`, owner)).body;
  const members = (await http.get(`/api/projects/${f.projectId}/members`, owner)).body;
  return {
    project: [detail.name, detail.status, detail.shareToken],
    items: detail.items.map((i: { id: string; notes: string | null; status: string }) => [i.id, i.notes, i.status]),
    members: members.map((m: { userId?: string; email: string; role: string; status: string }) => [m.userId ?? m.email, m.role, m.status]).sort(),
    invited: (await http.get('/api/invitations', f.callers.outsider)).body.map((i: { id: string }) => i.id),
  };
}

/** The outsider is the invitee: an invitation is no one else's business, an admin's and the project owner's included. */
const ONLY_THE_INVITEE = (ok: number) => ({ ...PUBLIC(404), anonymous: 401, outsider: ok });

const ROUTES: MatrixRow<Fixture>[] = [
  ['GET /api/projects/{id}', (w, f) => http.get(`/api/projects/${f.projectId}`, w), by(200, READ)],
  ['PUT /api/projects/{id}', (w, f) => http.put(`/api/projects/${f.projectId}`, w, { name: 'Renamed', status: 'planning' }), by(200, EDIT)],
  ['POST /api/projects/{id}/share', (w, f) => http.post(`/api/projects/${f.projectId}/share`, w), by(200, MANAGE)],
  ['POST /api/projects/{id}/share {rotate}', (w, f) => http.post(`/api/projects/${f.projectId}/share`, w, { rotate: true }), by(200, MANAGE)],
  ['GET /api/projects/{id}/members', (w, f) => http.get(`/api/projects/${f.projectId}/members`, w), by(200, READ)],
  ['POST /api/projects/{id}/members', (w, f) => http.post(`/api/projects/${f.projectId}/members`, w, { email: uniqueEmail('invitee') }), by(202, MANAGE)],
  ['DELETE /api/projects/{id}/members/{a pending invitation}', (w, f) => http.del(`/api/projects/${f.projectId}/members/${f.invitationId}`, w), by(204, MANAGE)],
  ['DELETE /api/projects/{id}/members/{another member}', (w, f) => http.del(`/api/projects/${f.projectId}/members/${(w === f.callers.member ? f.callers.viewer : f.callers.member).userId}`, w), by(204, MANAGE)],
  // Leaving: a member or viewer may remove themselves (the owner is no member; a removed member is already out).
  ['DELETE /api/projects/{id}/members/{self}', (w, f) => http.del(`/api/projects/${f.projectId}/members/${w.userId || f.callers.member.userId}`, w), { ...by(204, ['member', 'viewer']), owner: 404, admin: 404 }],
  ['POST /api/projects/{id}/items', (w, f) => http.post(`/api/projects/${f.projectId}/items`, w, { name: 'Lamp' }), by(201, EDIT)],
  ['POST /api/projects/{id}/items/bulk', (w, f) => http.post(`/api/projects/${f.projectId}/items/bulk`, w, { items: [{ name: 'Lamp' }] }), by(200, EDIT)],
  ['PUT /api/items/{id}', (w, f) => http.put(`/api/items/${f.itemId}`, w, { notes: 'changed' }), by(200, EDIT)],
  ['PUT /api/items/{id}/status', (w, f) => http.put(`/api/items/${f.itemId}/status`, w, { status: 'received' }), by(200, EDIT)],
  ['DELETE /api/items/{id}', (w, f) => http.del(`/api/items/${f.itemId}`, w), by(204, EDIT)],
  ['POST /api/items/bulk-status', (w, f) => http.post('/api/items/bulk-status', w, { itemIds: [f.itemId], status: 'received' }), by(200, EDIT)],
  ['POST /api/items/bulk-delete', (w, f) => http.post('/api/items/bulk-delete', w, { itemIds: [f.itemId] }), by(200, EDIT)],
  ['POST /api/projects', (w) => http.post('/api/projects', w, { name: 'Own project', clientName: 'C', location: 'L' }), ANY_SIGNED_IN(201)],
  ['GET /api/projects', (w) => http.get('/api/projects', w), ANY_SIGNED_IN(200)],
  ['GET /api/items', (w) => http.get('/api/items?limit=1000', w), ANY_SIGNED_IN(200)],
  ['GET /api/items/summary', (w) => http.get('/api/items/summary', w), ANY_SIGNED_IN(200)],
  ['GET /api/items/tracking-matches', (w) => http.get('/api/items/tracking-matches?trackingNumber=1Z999AA10123456784', w), ANY_SIGNED_IN(200)],
  ['GET /api/activities', (w) => http.get('/api/activities?limit=100', w), ANY_SIGNED_IN(200)],
  ['GET /api/search', (w) => http.get('/api/search?q=Zebrawood', w), ANY_SIGNED_IN(200)],
  ['GET /api/dashboard/stats', (w) => http.get('/api/dashboard/stats', w), ANY_SIGNED_IN(200)],
  ['GET /api/dashboard/projects', (w) => http.get('/api/dashboard/projects?limit=100', w), ANY_SIGNED_IN(200)],
  ['GET /api/invitations', (w) => http.get('/api/invitations', w), ANY_SIGNED_IN(200)],
  // Only the invitee (the outsider, by their address) answers an invitation; to anyone else it does not exist.
  ['POST /api/invitations/{id}/accept', (w, f) => http.post(`/api/invitations/${f.invitationId}/accept`, w), ONLY_THE_INVITEE(200)],
  ['POST /api/invitations/{id}/decline', (w, f) => http.post(`/api/invitations/${f.invitationId}/decline`, w), ONLY_THE_INVITEE(204)],
  // With the e-mailed link's token: whoever holds the link answers, as whoever they are signed in as.
  ['POST /api/invitations/{id}/accept {link}', (w, f) => http.post(`/api/invitations/${f.invitationId}/accept`, w, { token: f.invitationToken }), ANY_SIGNED_IN(200)],
  ['POST /api/invitations/{id}/decline {link}', (w, f) => http.post(`/api/invitations/${f.invitationId}/decline`, w, { token: f.invitationToken }), ANY_SIGNED_IN(204)],
  // Public: the token is the credential, whoever asks.
  ['GET /api/invitations/link/{token}', (w, f) => http.get(`/api/invitations/link/${f.invitationToken}`, w), PUBLIC(200)],
  ['GET /api/shared/projects/{token}', (w, f) => http.get(`/api/shared/projects/${f.shareToken}`, w), { anonymous: 200, owner: 200, member: 200, viewer: 200, removed: 200, outsider: 200, admin: 200 }],
];

it('covers every route catalog serves (a new route fails here until it has a row)', () => {
  const none = {} as never;
  const routers = [projectRoutes(none), sharedRoutes(none), memberRoutes(none), itemRoutes(none), dashboardRoutes(none), searchRoutes(none)];
  expectEveryRouteHasARow(ROUTES, routers, { variants: true });
});

describeAuthorizationMatrix(ROUTES, { fixture, snapshot, secret: 'Zebrawood' });

/** What each list says about the fixture's project, for a caller who reaches it or not. */
const LISTS: [list: string, sees: (w: Actor, f: Fixture) => Promise<boolean>][] = [
  ['GET /api/projects', async (w, f) => (await http.get('/api/projects', w)).body.some((p: { id: string }) => p.id === f.projectId)],
  ['GET /api/items', async (w, f) => (await http.get('/api/items?limit=1000', w)).body.some((i: { id: string }) => i.id === f.itemId)],
  ['GET /api/items/summary', async (w, f) => (await http.get(`/api/items/summary?projectId=${f.projectId}`, w)).body.total > 0],
  ['GET /api/items?projectId', async (w, f) => (await http.get(`/api/items?projectId=${f.projectId}`, w)).body.some((i: { id: string }) => i.id === f.itemId)],
  [
    'GET /api/items/tracking-matches',
    async (w, f) => {
      await http.put(`/api/items/${f.itemId}`, f.callers.owner, { trackingNumber: '1Z999AA10123456784' });
      return (await http.get('/api/items/tracking-matches?trackingNumber=1Z999AA10123456784', w)).body.some((m: { id: string }) => m.id === f.itemId);
    },
  ],
  ['GET /api/activities', async (w, f) => (await http.get('/api/activities?limit=100', w)).body.some((a: { projectId: string }) => a.projectId === f.projectId)],
  ['GET /api/search', async (w, f) => (await http.get('/api/search?q=Zebrawood', w)).body.some((r: { id: string }) => r.id === f.itemId || r.id === f.projectId)],
  // Fresh callers have nothing else in transit, so a count of 0 means the project is not counted.
  ['GET /api/dashboard/stats', async (w) => (await http.get('/api/dashboard/stats', w)).body.itemsInTransit > 0],
  ['GET /api/dashboard/projects', async (w, f) => (await http.get('/api/dashboard/projects?limit=100', w)).body.projects.some((p: { id: string }) => p.id === f.projectId)],
];

describe.each(LISTS)('%s shows the project only to those who reach it', (_list, sees) => {
  it('owner, admin, member and viewer see it; a removed member and another designer do not', async () => {
    const f = await fixture();
    expect(await whoSees(f, sees)).toEqual(SEEN_BY_THOSE_WHO_REACH);
  });
});

describe('the project as each role reads it', () => {
  it('says the caller’s role, and gives the client link only to those who may share it', async () => {
    const f = await fixture();
    const read = async (w: Who) => (await http.get(`/api/projects/${f.projectId}`, f.callers[w])).body;
    const views = await Promise.all((['owner', 'admin', 'member', 'viewer'] as const).map(async (w) => [w, await read(w)] as const));
    expect(Object.fromEntries(views.map(([w, p]) => [w, [p.access, p.shareToken]]))).toEqual({
      owner: ['owner', f.shareToken],
      admin: ['admin', f.shareToken],
      member: ['member', null],
      viewer: ['viewer', null],
    });
    const listed = (await http.get('/api/projects', f.callers.member)).body.find((p: { id: string }) => p.id === f.projectId);
    expect([listed.access, listed.shareToken]).toEqual(['member', null]);
  });

  it('answers a viewer’s change with a 403 that says what to do', async () => {
    const f = await fixture();
    const res = await http.put(`/api/items/${f.itemId}`, f.callers.viewer, { notes: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Ask the project owner/);
    expect((await http.post(`/api/projects/${f.projectId}/members`, f.callers.member, { email: f.callers.removed.email })).body.message).toBe(
      'Only the project owner can add or remove designers.',
    );
  });
});
