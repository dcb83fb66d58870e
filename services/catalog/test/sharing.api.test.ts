import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import { ANONYMOUS, actor, eventually, inviteAndAccept, useCatalog } from './catalog-harness';

const t = useCatalog();
const http = t.http;

describe('POST /api/projects/{id}/share', () => {
  it('gives a URL-safe token of at least 128 bits, and the same token when asked again', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const first = await http.post(`/api/projects/${p.id}/share`, ann);
    expect(first.status).toBe(200);
    expect(first.body.shareToken).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    // 32 base64url characters carry 192 bits.
    expect(first.body.shareToken.length * 6).toBeGreaterThanOrEqual(128);
    const again = await Promise.all([1, 2, 3].map(() => http.post(`/api/projects/${p.id}/share`, ann)));
    expect(new Set(again.map((r) => r.body.shareToken))).toEqual(new Set([first.body.shareToken]));
    const history = (await http.get('/api/activities?limit=20', ann)).body.filter((a: { description: string }) => a.description === 'Client dashboard link created');
    expect(history).toHaveLength(1);
  });

  it('different projects get different tokens', async () => {
    const ann = actor();
    const [a, b] = [await http.project(ann), await http.project(ann)];
    const ta = (await http.post(`/api/projects/${a.id}/share`, ann)).body.shareToken;
    const tb = (await http.post(`/api/projects/${b.id}/share`, ann)).body.shareToken;
    expect(ta).not.toBe(tb);
  });
});

describe('POST /api/projects/{id}/share {rotate: true}', () => {
  it('resets the link: the old token stops working at once, the new one works, and asking again keeps the new one', async () => {
    const ann = actor();
    const p = await http.project(ann, { name: 'Rotated Loft' });
    const old = (await http.post(`/api/projects/${p.id}/share`, ann)).body.shareToken;
    expect((await http.get(`/api/shared/projects/${old}`, ANONYMOUS)).status).toBe(200);

    const res = await http.post(`/api/projects/${p.id}/share`, ann, { rotate: true });
    expect(res.status).toBe(200);
    const fresh = res.body.shareToken;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fresh).not.toBe(old);
    expect((await http.get(`/api/shared/projects/${old}`, ANONYMOUS)).status).toBe(404);
    expect((await http.get(`/api/shared/projects/${fresh}`, ANONYMOUS)).body.name).toBe('Rotated Loft');
    expect((await http.post(`/api/projects/${p.id}/share`, ann)).body.shareToken).toBe(fresh);
    expect((await http.get(`/api/projects/${p.id}`, ann)).body.shareToken).toBe(fresh);
    const history = (await http.get('/api/activities?limit=20', ann)).body.map((a: { description: string }) => a.description);
    expect(history).toContain('Client dashboard link reset (the previous link no longer works)');
  });

  it('a removed member’s copy of the link stops working once the owner resets it', async () => {
    const owner = actor();
    const colleague = actor();
    await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${colleague.userId}::uuid, ${colleague.email}, 'Robin', 'Ng', 'designer', now())`;
    const p = await http.project(owner);
    const token = (await http.post(`/api/projects/${p.id}/share`, owner)).body.shareToken;
    await inviteAndAccept(http, owner, p.id, colleague);
    await http.del(`/api/projects/${p.id}/members/${colleague.userId}`, owner);
    // The removed member kept the link; the owner resets it.
    await http.post(`/api/projects/${p.id}/share`, owner, { rotate: true });
    expect((await http.get(`/api/shared/projects/${token}`, ANONYMOUS)).status).toBe(404);
  });

  it('rotating a project never shared creates its first link; a rotate that is not a boolean is a 400', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const res = await http.post(`/api/projects/${p.id}/share`, ann, { rotate: true });
    expect(res.status).toBe(200);
    expect((await http.get(`/api/shared/projects/${res.body.shareToken}`, ANONYMOUS)).status).toBe(200);
    expect((await http.post(`/api/projects/${p.id}/share`, ann, { rotate: 'yes' })).status).toBe(400);
  });

  it('six resets at once leave exactly one working link, the last one answered', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const answers = await Promise.all(Array.from({ length: 6 }, () => http.post(`/api/projects/${p.id}/share`, ann, { rotate: true })));
    const tokens = answers.map((a) => a.body.shareToken);
    expect(new Set(tokens).size).toBe(6);
    const working = await Promise.all(tokens.map(async (tk) => (await http.get(`/api/shared/projects/${tk}`, ANONYMOUS)).status));
    expect(working.filter((s) => s === 200)).toHaveLength(1);
    expect((await http.get(`/api/projects/${p.id}`, ann)).body.shareToken).toBe(tokens[working.indexOf(200)]);
  });
});

describe('GET /api/shared/projects/{token} (public)', () => {
  it('shows the client only what the client page needs: never prices, notes, e-mails or internal ids', async () => {
    const ann = actor();
    const p = await http.project(ann, { name: 'Harbour Loft', installDate: '2027-05-01' });
    const sofa = await http.item(ann, p.id, { name: 'Sofa', price: 4200, notes: 'Designer markup 30%', estimatedPrice: 3000, trackingNumber: 'TRACK-1', specialInstructions: 'secret' });
    await http.put(`/api/items/${sofa.id}/status`, ann, { status: 'received' });
    const token = (await http.post(`/api/projects/${p.id}/share`, ann)).body.shareToken;

    const res = await http.get(`/api/shared/projects/${token}`, ANONYMOUS);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body).sort()).toEqual(['activities', 'clientName', 'deliveries', 'installDate', 'items', 'location', 'name', 'status']);
    expect(res.body).toMatchObject({ name: 'Harbour Loft', clientName: 'Jordan Park', installDate: '2027-05-01', status: 'active' });
    expect(Object.keys(res.body.items[0]).sort()).toEqual(['deliveredAt', 'id', 'inspection', 'name', 'photoUrl', 'receivedAt', 'status', 'supplier']);
    expect(res.body.items[0]).toMatchObject({ name: 'Sofa', status: 'received', receivedAt: expect.any(String) });
    const text = JSON.stringify(res.body);
    for (const secret of ['4200', 'markup', '3000', 'TRACK-1', 'secret', 'jordan@client.test', ann.userId]) expect(text).not.toContain(secret);
  });

  it('gives each photo as the share-token path the client page can load without a session (it gave /api/photos/…, refused there)', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const { key, photoUrl } = await t.uploadedPhoto(ann);
    await http.item(ann, p.id, { name: 'Lamp', photoUrl });
    await http.item(ann, p.id, { name: 'Rug' });
    const token = (await http.post(`/api/projects/${p.id}/share`, ann)).body.shareToken;
    const items = (await http.get(`/api/shared/projects/${token}`, ANONYMOUS)).body.items as { name: string; photoUrl: string | null }[];
    expect(Object.fromEntries(items.map((i) => [i.name, i.photoUrl]))).toEqual({ Lamp: `/api/shared/photos/${token}/${key}`, Rug: null });
    // The signed-in views keep the served path.
    expect((await http.get(`/api/projects/${p.id}`, ann)).body.items.find((i: { name: string }) => i.name === 'Lamp').photoUrl).toBe(`/api/photos/${key}`);
  });

  it('lists the latest 5 client-facing activities, newest first, without internal sharing or edits', async () => {
    const ann = actor();
    const p = await http.project(ann);
    for (let i = 0; i < 7; i++) await http.item(ann, p.id, { name: `Piece ${i}` });
    const token = (await http.post(`/api/projects/${p.id}/share`, ann)).body.shareToken;
    const last = (await http.get(`/api/projects/${p.id}`, ann)).body.items[0];
    await http.put(`/api/items/${last.id}`, ann, { notes: 'internal: negotiate price' });
    await http.put(`/api/items/${last.id}/status`, ann, { status: 'in-transit' });
    const res = await http.get(`/api/shared/projects/${token}`, ANONYMOUS);
    expect(res.body.activities.map((a: { description: string }) => a.description)).toEqual([
      '"Piece 6" is now In Transit',
      'Item "Piece 6" added',
      'Item "Piece 5" added',
      'Item "Piece 4" added',
      'Item "Piece 3" added',
    ]);
  });

  it('says where a delivery went, never who received it (the proof of delivery’s name stays in the designer’s history)', async () => {
    const ann = actor();
    const p = await http.project(ann, { name: 'Harbour Loft' });
    const table = await http.item(ann, p.id, { name: 'Oak table', status: 'stored' });
    const token = (await http.post(`/api/projects/${p.id}/share`, ann)).body.shareToken;
    const nc = await connect({ servers: testEnv().natsUrl });
    try {
      const completed = makeEvent('logistics.delivery.completed.v1', {
        deliveryId: randomUUID(), projectId: p.id, date: '2026-06-05', window: 'any', address: '12 Harbour St', status: 'completed',
        items: [{ itemId: table.id, name: 'Oak table', installAssembly: false }], byUserId: randomUUID(), changedAt: new Date().toISOString(),
        receivedBy: 'J. Ellis', deliveredItemIds: [table.id], exceptions: [], photoUrls: [],
      });
      await jetstream(nc).publish(completed.type, JSON.stringify(completed), { msgID: completed.id });
    } finally {
      await nc.close();
    }
    const history = await eventually(
      async () => ((await http.get('/api/activities?limit=100', ann)).body as { projectId: string; description: string }[]).filter((a) => a.projectId === p.id).map((a) => a.description),
      (lines) => lines.some((l) => l.startsWith('Delivered to')),
      10_000,
    );
    expect(history).toContain('Delivered to 12 Harbour St, received by J. Ellis');
    const shared = await http.get(`/api/shared/projects/${token}`, ANONYMOUS);
    expect(shared.body.activities.map((a: { description: string }) => a.description)).toContain('Delivered to 12 Harbour St');
    expect(JSON.stringify(shared.body)).not.toContain('Ellis');

    // An entry written before the client's words were kept (its line names the recipient) says only 'Delivered'.
    await t.catalog.db.$executeRaw`INSERT INTO activities (id, project_id, type, description, metadata, created_at)
      VALUES (${randomUUID()}::uuid, ${p.id}::uuid, 'delivery_completed', 'Delivered to 9 Quay Rd, received by K. Moss', '{}'::jsonb, now() + interval '1 second')`;
    const later = await http.get(`/api/shared/projects/${token}`, ANONYMOUS);
    expect(later.body.activities[0].description).toBe('Delivered');
    expect(JSON.stringify(later.body)).not.toContain('Moss');
  });

  it('answers 404 for an unknown or malformed token', async () => {
    expect((await http.get('/api/shared/projects/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ANONYMOUS)).status).toBe(404);
    expect((await http.get(`/api/shared/projects/${encodeURIComponent("' OR 1=1 --")}`, ANONYMOUS)).status).toBe(404);
  });
});
