import { PHOTO_MAX_BYTES } from '@midway/contracts';
import { ANONYMOUS, actor, eventually, usePlatform, type Actor } from './logistics-harness';

/** Photo upload end to end against the S3 endpoint: size, type by bytes, ownership, serving, shared access. */
const t = usePlatform({ objectStore: true });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function uploadUrl(who: Actor): Promise<string> {
  const res = await t.logistics.post('/api/objects/upload', who);
  expect(res.status).toBe(200);
  expect(res.body.uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}\?sig=[\w-]+$/);
  return res.body.uploadURL;
}

async function putFile(url: string, who: Actor, body: Buffer, contentType = 'application/octet-stream') {
  const res = await fetch(`${t.logisticsService.url}${url}`, { method: 'PUT', headers: { ...who.headers, 'content-type': contentType }, body: new Uint8Array(body) });
  return { status: res.status, body: await res.json() };
}

const get = async (path: string, who: Actor) => {
  const res = await fetch(`${t.logisticsService.url}${path}`, { headers: who.headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

it('uploads a photo, attaches it to an item, serves it to the project’s people and the client link, and to no one else', async () => {
  const [owner, member, outsider] = [actor(), actor(), actor()];
  const p = await t.project(owner);
  const item = await t.item(owner, p.id);
  await t.inviteAndAccept(owner, p.id, member, 'member');
  const share = (await t.catalog.post(`/api/projects/${p.id}/share`, owner)).body.shareToken;
  await t.servicesOf(owner, p.id, 5);
  await eventually(() => t.services(member, `projectId=${p.id}`), (s) => s.length === 5);

  const url = await uploadUrl(owner);
  const stored = await putFile(url, owner, PNG, 'image/png');
  expect(stored.status).toBe(200);
  expect(stored.body).toEqual({ photoUrl: expect.stringMatching(/^\/api\/photos\/[0-9a-f-]{36}$/), size: PNG.length, contentType: 'image/png' });
  const key = stored.body.photoUrl.split('/').pop();

  // Before it is attached only its uploader sees it.
  expect((await get(stored.body.photoUrl, member)).status).toBe(404);
  const attached = await t.logistics.put('/api/item-photos', owner, { photoUrl: url.split('?')[0], itemId: item.id });
  expect(attached).toMatchObject({ status: 200, body: { photoUrl: stored.body.photoUrl } });

  for (const who of [owner, member, actor('midway_admin')]) {
    const res = await get(stored.body.photoUrl, who);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.bytes.equals(PNG)).toBe(true);
  }
  expect((await get(stored.body.photoUrl, outsider)).status).toBe(404);
  expect((await get(stored.body.photoUrl, ANONYMOUS)).status).toBe(401);
  expect((await get(`/api/shared/photos/${share}/${key}`, ANONYMOUS)).status).toBe(200);
  expect((await get(`/api/shared/photos/not-the-token/${key}`, ANONYMOUS)).status).toBe(404);

  // Catalog learns the photo from logistics' event and the item carries the served path.
  const carried = await eventually(async () => (await t.catalog.get(`/api/items?projectId=${p.id}`, owner)).body[0].photoUrl, (u) => u === stored.body.photoUrl);
  expect(carried).toBe(stored.body.photoUrl);
});

it('checks size and type by the bytes, uses an upload URL once, and only by its owner', async () => {
  const owner = actor();
  const other = actor();
  const svg = await putFile(await uploadUrl(owner), owner, SVG, 'image/png');
  expect(svg.status).toBe(415);
  const big = await putFile(await uploadUrl(owner), owner, Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]), 'image/jpeg');
  expect(big.status).toBe(413);

  const url = await uploadUrl(owner);
  expect((await putFile(url, other, JPEG)).status).toBe(404);
  expect((await putFile(url.replace(/sig=.*/, 'sig=forged'), owner, JPEG)).status).toBe(404);
  const twice = await Promise.all([putFile(url, owner, JPEG), putFile(url, owner, PNG)]);
  expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);

  // Another designer cannot attach someone else's upload, nor attach to an item they cannot edit.
  expect((await t.logistics.put('/api/item-photos', other, { photoUrl: url })).status).toBe(400);
  const p = await t.project(other);
  const item = await t.item(other, p.id);
  await t.servicesOf(other, p.id, 5);
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: url, itemId: item.id })).status).toBe(404);
  // Picked before the item exists: the served path to send with the new item.
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: url })).body).toEqual({ photoUrl: `/api/photos/${url.split('/').pop()!.split('?')[0]}` });
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: 'javascript:alert(1)' })).status).toBe(400);
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: url, extra: 1 })).status).toBe(400);
});

it('a photo picked before its item exists reaches the project’s people once the item carries it; naming someone else’s photo grants nothing', async () => {
  const [owner, member, stranger, strangersMember] = [actor(), actor(), actor(), actor()];
  const p = await t.project(owner);
  await t.inviteAndAccept(owner, p.id, member, 'member');
  const url = await uploadUrl(owner);
  expect((await putFile(url, owner, JPEG, 'image/jpeg')).status).toBe(200);
  const { photoUrl } = (await t.logistics.put('/api/item-photos', owner, { photoUrl: url })).body;
  await t.item(owner, p.id, { name: 'Pre-photographed stool', photoUrl });
  expect((await eventually(() => get(photoUrl, member), (r) => r.status === 200)).status).toBe(200);

  // Another designer puts the same photo path on an item of their own project: refused, and their member gets 404.
  const theirs = await t.project(stranger);
  await t.inviteAndAccept(stranger, theirs.id, strangersMember, 'member');
  expect((await t.catalog.post(`/api/projects/${theirs.id}/items`, stranger, { name: 'Borrowed photo', photoUrl })).status).toBe(400);
  expect((await get(photoUrl, strangersMember)).status).toBe(404);
});

it('an upload URL whose id is written in upper case stores and serves the photo under the one lower-case id', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const item = await t.item(owner, p.id);
  const url = await uploadUrl(owner);
  const [pathPart, query] = url.split('?');
  const id = pathPart!.split('/').pop()!;
  const stored = await putFile(`/api/objects/uploads/${id.toUpperCase()}?${query}`, owner, PNG, 'image/png');
  expect(stored).toMatchObject({ status: 200, body: { photoUrl: `/api/photos/${id}` } });
  // Attached and read in either spelling: the same stored photo, never a 500.
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: `/api/photos/${id.toUpperCase()}`, itemId: item.id })).body).toEqual({ photoUrl: `/api/photos/${id}` });
  for (const key of [id, id.toUpperCase()]) {
    const res = await get(`/api/photos/${key}`, owner);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PNG)).toBe(true);
  }
  // The same URL again in lower case is the same, used upload.
  expect((await putFile(url, owner, PNG, 'image/png')).status).toBe(409);
});
