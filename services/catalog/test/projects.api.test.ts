import { actor, useCatalog } from './catalog-harness';

const t = useCatalog();
const http = t.http;

describe('POST /api/projects', () => {
  it('creates a project with the spec defaults and answers 201', async () => {
    const ann = actor();
    const res = await http.post('/api/projects', ann, { name: '  Lakeview Residence ', clientName: 'Jordan Park', location: 'Vancouver', installDate: '2027-03-15', clientEmail: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Lakeview Residence', clientName: 'Jordan Park', clientEmail: null, location: 'Vancouver', status: 'active', installDate: '2027-03-15', createdById: ann.userId, itemCount: 0, progress: 0, access: 'owner', shareToken: null });
  });

  it.each([
    [{ clientName: 'C', location: 'L' }],
    [{ name: '   ', clientName: 'C', location: 'L' }],
    [{ name: 'N', clientName: '', location: 'L' }],
    [{ name: 'N', clientName: 'C' }],
  ])('refuses %j with "Please fill in all required fields"', async (body) => {
    const res = await http.post('/api/projects', actor(), body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all required fields');
  });

  it('checks the optional e-mail, the install date, the status and the length limits', async () => {
    const base = { name: 'N', clientName: 'C', location: 'L' };
    expect((await http.post('/api/projects', actor(), { ...base, clientEmail: 'nope' })).body.message).toBe('clientEmail must be a valid e-mail address');
    expect((await http.post('/api/projects', actor(), { ...base, installDate: '15/03/2027' })).status).toBe(400);
    expect((await http.post('/api/projects', actor(), { ...base, status: 'archived' })).status).toBe(400);
    expect((await http.post('/api/projects', actor(), { ...base, name: 'x'.repeat(256) })).body.message).toBe('name must be at most 255 characters');
    expect((await http.post('/api/projects', actor(), { ...base, name: 'x'.repeat(255) })).status).toBe(201);
  });
});

describe('GET /api/projects', () => {
  it('lists only the caller’s projects, newest first, with real item counts and progress', async () => {
    const ann = actor();
    const older = await http.project(ann, { name: 'Older' });
    const newer = await http.project(ann, { name: 'Newer' });
    await http.project(actor(), { name: 'Someone else' });
    const items = await Promise.all([0, 1, 2, 3].map(() => http.item(ann, newer.id)));
    await http.put(`/api/items/${items[0].id}/status`, ann, { status: 'received' });
    await http.put(`/api/items/${items[1].id}/status`, ann, { status: 'delivered' });
    await http.put(`/api/items/${items[2].id}/status`, ann, { status: 'stored' });

    const res = await http.get('/api/projects', ann);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Newer', 'Older']);
    // received + delivered = 2 of 4 (stored is counted by neither, per the spec's progress rule).
    expect(res.body[0]).toMatchObject({ id: newer.id, itemCount: 4, progress: 50 });
    expect(res.body[1]).toMatchObject({ id: older.id, itemCount: 0, progress: 0 });
  });
});

describe('GET /api/projects/{id}', () => {
  it('returns the project with its items, costs and total cost (price × quantity, in cents)', async () => {
    const ann = actor();
    const p = await http.project(ann);
    await http.item(ann, p.id, { name: 'Sofa', price: 1999.99, quantity: 2 });
    await http.item(ann, p.id, { name: 'Lamp', price: '0.10', quantity: 3 });
    await http.item(ann, p.id, { name: 'Rug' });
    const res = await http.get(`/api/projects/${p.id}`, ann);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string }) => i.name).sort()).toEqual(['Lamp', 'Rug', 'Sofa']);
    expect(res.body.costs).toEqual([]);
    expect(res.body.totalCost).toBe('4000.28');
  });

  it('answers 404 "Project not found" for a missing id, a malformed id and another designer’s project', async () => {
    const p = await http.project(actor());
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', p.id]) {
      const res = await http.get(`/api/projects/${id}`, actor());
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Project not found');
    }
  });
});

describe('PUT /api/projects/{id}', () => {
  it('changes fields and status, and keeps the rest', async () => {
    const ann = actor();
    const p = await http.project(ann, { installDate: '2027-01-01' });
    const res = await http.put(`/api/projects/${p.id}`, ann, { status: 'in-progress', location: 'Whistler', installDate: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'in-progress', location: 'Whistler', installDate: null, name: p.name, clientName: p.clientName });
    expect((await http.put(`/api/projects/${p.id}`, ann, { status: 'done' })).status).toBe(400);
    expect((await http.put(`/api/projects/${p.id}`, ann, { name: '' })).body.message).toBe('Please fill in all required fields');
  });
});

describe('project members', () => {
  it('an invited designer who accepts can then read and change the project, and is listed by name', async () => {
    const { announceUser, eventually } = await import('./catalog-harness');
    const owner = actor();
    const colleague = actor();
    await announceUser(owner, 'Ann', 'Lee');
    await announceUser(colleague, 'Robin', 'Ng', { emailVerified: true });
    await eventually(() => t.catalog.db.user.findUnique({ where: { id: colleague.userId } }), (u) => u?.emailVerified === true);
    const p = await http.project(owner);
    // The address is matched without regard to case.
    expect((await http.post(`/api/projects/${p.id}/members`, owner, { email: colleague.email.toUpperCase() })).status).toBe(202);
    const [invitation] = (await http.get('/api/invitations', colleague)).body;
    expect((await http.post(`/api/invitations/${invitation.id}/accept`, colleague)).body).toEqual({ projectId: p.id, role: 'member' });
    const members = await eventually(
      () => http.get(`/api/projects/${p.id}/members`, owner),
      (r) => r.body.every((m: { firstName: string | null }) => m.firstName),
    );
    expect(members.body).toEqual([
      expect.objectContaining({ status: 'active', userId: owner.userId, firstName: 'Ann', role: 'owner' }),
      expect.objectContaining({ status: 'active', userId: colleague.userId, email: colleague.email, firstName: 'Robin', role: 'member' }),
    ]);
    // Inviting a member again changes nothing.
    expect((await http.post(`/api/projects/${p.id}/members`, owner, { email: colleague.email })).status).toBe(202);
    expect((await http.get(`/api/projects/${p.id}/members`, owner)).body).toHaveLength(2);

    expect((await http.get(`/api/projects/${p.id}`, colleague)).body.access).toBe('member');
    expect((await http.put(`/api/projects/${p.id}`, colleague, { status: 'planning' })).status).toBe(200);
    expect((await http.get('/api/projects', colleague)).body.map((x: { id: string }) => x.id)).toContain(p.id);

    // A member cannot remove others but the owner can remove them; then the project is gone for them.
    expect((await http.del(`/api/projects/${p.id}/members/${owner.userId}`, colleague)).status).toBe(403);
    expect((await http.del(`/api/projects/${p.id}/members/${colleague.userId}`, owner)).status).toBe(204);
    expect((await http.get(`/api/projects/${p.id}`, colleague)).status).toBe(404);
  });
});
