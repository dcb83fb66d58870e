import { ANONYMOUS, actor, eventually, usePlatform, type Actor } from './logistics-harness';

/**
 * A photo stays with the project it was uploaded for. The chain a designer once used to read another's photo —
 * bring them onto your project (they accept as a viewer), put their photo's key on an item of it, then read the
 * photo as yourself or through the project's share link — fails at every step; the uploader's own uses work.
 */
const t = usePlatform({ objectStore: true });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
const HOW_TO_UPLOAD = /POST \/api\/objects\/upload.*PUT.*attach/;

/** Uploads a photo as `who`: its served path and key. */
async function upload(who: Actor): Promise<{ photoUrl: string; key: string; uploadURL: string }> {
  const { uploadURL } = (await t.logistics.post('/api/objects/upload', who)).body;
  const res = await fetch(`${t.logisticsService.url}${uploadURL}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  expect(res.status).toBe(200);
  const { photoUrl } = await res.json();
  return { photoUrl, key: photoUrl.split('/').pop(), uploadURL };
}

const status = async (path: string, who: Actor) => (await fetch(`${t.logisticsService.url}${path}`, { headers: who.headers })).status;

it('another designer cannot put my photo on an item of their project, nor read it after bringing me onto that project', async () => {
  const [a, b, bsClient] = [actor(), actor(), actor()];
  const mine = await t.project(a);
  const myItem = await t.item(a, mine.id);
  const q = await t.project(b);
  // B brings A onto Q as a viewer (A accepts the invitation) and B's client can see Q.
  await t.inviteAndAccept(b, q.id, a, 'viewer');
  await t.inviteAndAccept(b, q.id, bsClient, 'viewer');
  const qShare = (await t.catalog.post(`/api/projects/${q.id}/share`, b)).body.shareToken;
  const qItem = await t.item(b, q.id, { name: 'Sofa' });

  // A's photo on A's item: A's own use works.
  const photo = await upload(a);
  expect(await t.logistics.put('/api/item-photos', a, { photoUrl: photo.photoUrl, itemId: myItem.id })).toMatchObject({ status: 200, body: { photoUrl: photo.photoUrl } });
  expect(await status(photo.photoUrl, a)).toBe(200);

  // B names A's photo on a new item of Q, on an edit of Q's item, and through logistics: each a 400 saying how to upload.
  const created = await t.catalog.post(`/api/projects/${q.id}/items`, b, { name: 'Borrowed', photoUrl: photo.photoUrl });
  expect(created.status).toBe(400);
  expect(created.body).toMatchObject({ error: 'bad_request', message: expect.stringMatching(HOW_TO_UPLOAD) });
  const edited = await t.catalog.put(`/api/items/${qItem.id}`, b, { photoUrl: photo.photoUrl });
  expect(edited.status).toBe(400);
  expect(edited.body.message).toMatch(HOW_TO_UPLOAD);
  const attached = await t.logistics.put('/api/item-photos', b, { photoUrl: photo.photoUrl, itemId: qItem.id });
  expect(attached.status).toBe(400);
  expect(attached.body.message).toMatch(HOW_TO_UPLOAD);
  expect((await t.catalog.get(`/api/projects/${q.id}`, b)).body.items.map((i: { photoUrl: string | null }) => i.photoUrl)).toEqual([null]);

  // Neither B, nor Q's people, nor Q's share link read it; A's project stays A's.
  for (const who of [b, bsClient]) expect(await status(photo.photoUrl, who)).toBe(404);
  expect(await status(`/api/shared/photos/${qShare}/${photo.key}`, ANONYMOUS)).toBe(404);
  expect(await status(photo.photoUrl, actor('midway_admin'))).toBe(200);
});

it('a photo of no project yet is its uploader’s alone to attach, asked of logistics when catalog has not heard of it', async () => {
  const [a, b] = [actor(), actor()];
  const q = await t.project(b);
  await t.inviteAndAccept(b, q.id, a, 'member');
  const photo = await upload(a);
  // At once after the upload: catalog may not have the upload fact yet and asks logistics who uploaded it.
  const created = await t.catalog.post(`/api/projects/${q.id}/items`, b, { name: 'Borrowed', photoUrl: photo.photoUrl });
  expect(created.status).toBe(400);
  expect(created.body.message).toMatch(HOW_TO_UPLOAD);
  // A key no one uploaded is refused the same way.
  const never = await t.catalog.post(`/api/projects/${q.id}/items`, b, { name: 'Nothing', photoUrl: `/api/photos/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` });
  expect(never.status).toBe(400);
  expect(await status(photo.photoUrl, b)).toBe(404);

  // A, a member of Q, puts it on an item of Q: it belongs to Q from then on, so Q's people see it.
  const mine = await t.catalog.post(`/api/projects/${q.id}/items`, a, { name: 'Rug', photoUrl: photo.photoUrl });
  expect(mine.status).toBe(201);
  expect(await eventually(() => status(photo.photoUrl, b), (s) => s === 200)).toBe(200);
});

it('the uploader attaches a photo to a second item of its project, and anyone who edits that project’s items may too; never to another project', async () => {
  const [a, member, b] = [actor(), actor(), actor()];
  const p = await t.project(a);
  const other = await t.project(a);
  await t.inviteAndAccept(a, p.id, member, 'member');
  const first = await t.item(a, p.id);
  const photo = await upload(a);
  expect((await t.logistics.put('/api/item-photos', a, { photoUrl: photo.uploadURL, itemId: first.id })).status).toBe(200);

  // A second item of the same project: on create in catalog, and through logistics, by the uploader and by a member.
  expect((await t.catalog.post(`/api/projects/${p.id}/items`, a, { name: 'Second', photoUrl: photo.photoUrl })).status).toBe(201);
  const third = await t.item(member, p.id, { name: 'Third' });
  expect((await t.logistics.put('/api/item-photos', member, { photoUrl: photo.photoUrl, itemId: third.id })).status).toBe(200);
  const fourth = await t.item(member, p.id, { name: 'Fourth' });
  expect((await t.catalog.put(`/api/items/${fourth.id}`, member, { photoUrl: photo.photoUrl })).status).toBe(200);
  expect(await status(photo.photoUrl, member)).toBe(200);

  // The same photo on another project of the uploader's: refused, and that project's people do not see it.
  expect((await t.catalog.post(`/api/projects/${other.id}/items`, a, { name: 'Elsewhere', photoUrl: photo.photoUrl })).status).toBe(400);
  const elsewhere = await t.item(a, other.id, { name: 'Elsewhere' });
  expect((await t.logistics.put('/api/item-photos', a, { photoUrl: photo.photoUrl, itemId: elsewhere.id })).status).toBe(400);
  await t.inviteAndAccept(a, other.id, b, 'member');
  expect(await status(photo.photoUrl, b)).toBe(404);
});
