import { Client as S3 } from 'minio';
import { actor, eventually, usePlatform, type Actor } from './logistics-harness';

/**
 * Abandoned uploads are removed with their objects, against the real S3 endpoint: upload URLs never used
 * before they expired, and photos no item carries a day after upload (a create form closed without saving,
 * a photo replaced). Photos an item carries, fresh uploads and live URLs stay.
 */
const t = usePlatform({ objectStore: true });
const TASK = 'abandoned photo uploads';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);

const s3 = () => {
  const url = new URL(t.objectStore.endpoint);
  return new S3({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: t.objectStore.accessKey, secretKey: t.objectStore.secretKey, pathStyle: true, region: 'us-east-1' });
};
const objectExists = (id: string) =>
  s3()
    .statObject(t.objectStore.bucket, `photos/${id}`)
    .then(
      () => true,
      (err: { code?: string }) => (err.code === 'NotFound' || err.code === 'NoSuchKey' ? false : Promise.reject(err)),
    );
const rowExists = async (id: string) => (await t.logisticsService.db.$queryRaw<unknown[]>`SELECT 1 FROM uploads WHERE id = ${id}::uuid`).length === 1;

/** An upload URL; with `file`, the file PUT to it. Returns the upload id and its URL. */
async function upload(who: Actor, file = true) {
  const res = await t.logistics.post('/api/objects/upload', who);
  const uploadURL: string = res.body.uploadURL;
  const id = /uploads\/([0-9a-f-]{36})/.exec(uploadURL)![1]!;
  if (file) {
    const put = await fetch(`${t.logisticsService.url}${uploadURL}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
    expect(put.status).toBe(200);
  }
  return { id, uploadURL };
}

/** Makes an upload look as old as the clean-up's limits: completed 25 h ago, or its URL expired 2 h ago. */
async function age(id: string) {
  await t.logisticsService.db.$executeRaw`
    UPDATE uploads SET completed_at = CASE WHEN completed_at IS NULL THEN NULL ELSE now() - interval '25 hours' END,
                       expires_at = now() - interval '2 hours', created_at = now() - interval '25 hours'
    WHERE id = ${id}::uuid`;
}

/** Runs the clean-up until `id` is gone (it waits while logistics has catalog events to apply). */
const cleanedUp = (id: string) => eventually(async () => (await t.logisticsService.housekeeping.runNow(TASK), rowExists(id)), (exists) => !exists, 20_000);

it('removes expired unused URLs and day-old photos no item carries, rows and objects; keeps carried, fresh and live ones', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const item = await t.item(owner, p.id);
  await t.servicesOf(owner, p.id, 5);

  const unattached = await upload(owner);
  const expired = await upload(owner, false);
  const carried = await upload(owner);
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: carried.uploadURL, itemId: item.id })).status).toBe(200);
  // A photo picked in Create New Item: answered to the form, then sent with the new item through catalog.
  const fromForm = await upload(owner);
  const answered = await t.logistics.put('/api/item-photos', owner, { photoUrl: fromForm.uploadURL });
  expect(answered.status).toBe(200);
  const created = await t.item(owner, p.id, { name: 'Brass sconce', photoUrl: answered.body.photoUrl });
  await eventually(() => t.logisticsService.db.$queryRaw<{ photo_key: string | null }[]>`SELECT photo_key FROM items WHERE id = ${created.id}::uuid`, (r) => r[0]?.photo_key === fromForm.id);
  const fresh = await upload(owner);
  const live = await upload(owner, false);
  for (const u of [unattached, expired, carried, fromForm]) await age(u.id);
  expect(await objectExists(unattached.id)).toBe(true);

  await cleanedUp(unattached.id);
  expect(await objectExists(unattached.id)).toBe(false);
  expect(await rowExists(expired.id)).toBe(false);
  for (const kept of [carried, fromForm, fresh]) expect([await rowExists(kept.id), await objectExists(kept.id)]).toEqual([true, true]);
  expect(await rowExists(live.id)).toBe(true);
  // What is kept still works: the carried photo is served, the live URL still takes its file.
  expect((await fetch(`${t.logisticsService.url}/api/photos/${carried.id}`, { headers: owner.headers })).status).toBe(200);
  const put = await fetch(`${t.logisticsService.url}${live.uploadURL}`, { method: 'PUT', headers: { ...owner.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  expect(put.status).toBe(200);
  // The removed photo cannot be attached any more: the designer is told to upload it again.
  const late = await t.logistics.put('/api/item-photos', owner, { photoUrl: unattached.uploadURL, itemId: item.id });
  expect(late.status).toBe(400);
});

it('a photo deleted with its item goes a day after upload; two clean-ups at once both finish and remove every one with its object', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const item = await t.item(owner, p.id);
  await t.servicesOf(owner, p.id, 5);
  const photo = await upload(owner);
  expect((await t.logistics.put('/api/item-photos', owner, { photoUrl: photo.uploadURL, itemId: item.id })).status).toBe(200);
  const others = await Promise.all(Array.from({ length: 12 }, () => upload(owner)));
  for (const u of [photo, ...others]) await age(u.id);

  expect((await t.catalog.del(`/api/items/${item.id}`, owner)).status).toBe(204);
  await t.servicesOf(owner, p.id, 0);
  let removed = 0;
  await eventually(async () => {
    const [a, b] = await Promise.all([t.logisticsService.housekeeping.runNow(TASK), t.logisticsService.housekeeping.runNow(TASK)]);
    removed += a[TASK]! + b[TASK]!;
    return (await Promise.all([photo, ...others].map((u) => rowExists(u.id)))).filter(Boolean).length;
  }, (left) => left === 0, 20_000);
  // At least these 13 (other files' long-expired URLs may go with them); a failed run would have counted 0.
  expect(removed).toBeGreaterThanOrEqual(13);
  for (const u of [photo, ...others]) expect(await objectExists(u.id)).toBe(false);
});

it('an attach racing the clean-up either keeps the photo (attached) or refuses it (removed), never an item pointing at nothing', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const items = await Promise.all(Array.from({ length: 8 }, (_, i) => t.item(owner, p.id, { name: `Chair ${i}` })));
  await t.servicesOf(owner, p.id, 40);
  const uploads = await Promise.all(items.map(() => upload(owner)));
  for (const u of uploads) await age(u.id);
  const [, ...attaches] = await Promise.all([
    eventually(() => t.logisticsService.housekeeping.runNow(TASK), () => true),
    ...uploads.map((u, i) => t.logistics.put('/api/item-photos', owner, { photoUrl: u.uploadURL, itemId: items[i]!.id })),
  ]);
  await cleanedUp(uploads.find((_, i) => attaches[i]!.status !== 200)?.id ?? '00000000-0000-4000-8000-000000000000');
  for (const [i, u] of uploads.entries()) {
    const kept = attaches[i]!.status === 200;
    expect([attaches[i]!.status, await rowExists(u.id), await objectExists(u.id)]).toEqual(kept ? [200, true, true] : [400, false, false]);
  }
});
