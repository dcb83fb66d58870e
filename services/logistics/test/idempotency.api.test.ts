import { randomUUID } from 'node:crypto';
import { expectIdempotentPost, type Actor } from '@midway/testing';
import { actor, eventually, usePlatform } from './logistics-harness';
import { CORPUS } from './po-corpus';

/**
 * Retries never double anything: logistics' creating POSTs with an Idempotency-Key, sent four at once, have
 * one effect and four identical answers (the kit's middleware; the rules are proved in expectIdempotentPost).
 */
const t = usePlatform({ objectStore: true });
const count = async (sql: string, ...values: unknown[]) => (await t.logisticsService.db.$queryRawUnsafe<{ n: number }[]>(sql, ...values))[0]!.n;
const keyed = (path: string, who: Actor, body: unknown, key: string) => t.logistics.call('POST', path, who, body, { 'idempotency-key': key });

describe('Idempotency-Key on logistics', () => {
  it('POST /api/objects/upload: one upload URL per key and caller', async () => {
    const [owner, other] = [actor(), actor()];
    await expectIdempotentPost({
      caller: owner,
      other,
      db: t.logisticsService.db,
      // The call has no body: the variant sends one, which is another request.
      send: (key, who, variant) => keyed('/api/objects/upload', who, variant ? { again: true } : undefined, key),
      effects: () => count(`SELECT count(*)::int AS n FROM uploads WHERE owner_id = ANY($1::uuid[])`, [owner.userId, other.userId]),
    });
  });

  it('POST /api/receiving/arrivals: one unmatched arrival per key and caller, eight at once', async () => {
    const code = `IDEM-${randomUUID().slice(0, 8)}`;
    await expectIdempotentPost({
      caller: actor('midway_admin'),
      other: actor('midway_admin'),
      db: t.logisticsService.db,
      atOnce: 8,
      send: (key, who, variant) => keyed('/api/receiving/arrivals', who, { code, notes: variant ? 'Two boxes' : 'One box' }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM arrivals WHERE code = $1`, code),
    });
  });

  it('POST /api/projects/{id}/purchase-orders: one purchase order per key for the same PDF; the key on another PDF is a 422 (it replayed the first upload and dropped the second file)', async () => {
    const owner = actor();
    const p = await t.project(owner);
    const pdf = (start: string) => CORPUS.find((d) => d.name.startsWith(start))!.pdf(undefined as never);
    const [northwind, canadian] = [await pdf('pdfkit: letterhead'), await pdf('pdfkit: Canadian')];
    const key = `po-${randomUUID()}`;
    const upload = async (body: Uint8Array) => {
      const res = await fetch(`${t.logisticsService.url}/api/projects/${p.id}/purchase-orders`, {
        method: 'POST', headers: { ...owner.headers, 'content-type': 'application/pdf', 'idempotency-key': key }, body: new Uint8Array(body),
      });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
    };
    const documents = () => count(`SELECT count(*)::int AS n FROM documents WHERE project_id = $1::uuid`, p.id);

    const answers = await Promise.all([upload(northwind), upload(northwind), upload(northwind)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.replayed !== 'true')).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const other = await upload(canadian);
    expect([other.status, other.body]).toEqual([422, expect.objectContaining({ error: 'idempotency_key_reused' })]);
    expect(await upload(northwind)).toEqual({ status: 201, replayed: 'true', body: answers[0]!.body });
    expect(await documents()).toBe(1);
  }, 60_000);

  it('a member removed from the project no longer gets their stored answer replayed: 404, as a fresh request', async () => {
    const [owner, mia] = [actor(), actor()];
    const p = await t.project(owner);
    await t.inviteAndAccept(owner, p.id, mia, 'member');
    const body = await CORPUS.find((d) => d.name.startsWith('pdfkit: letterhead'))!.pdf(undefined as never);
    const key = `po-${randomUUID()}`;
    const upload = async () => {
      const res = await fetch(`${t.logisticsService.url}/api/projects/${p.id}/purchase-orders`, {
        method: 'POST', headers: { ...mia.headers, 'content-type': 'application/pdf', 'idempotency-key': key }, body: new Uint8Array(body),
      });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
    };
    const first = await upload();
    expect(first.status).toBe(201);
    expect(await upload()).toEqual({ ...first, replayed: 'true' });
    await t.removeMember(owner, p.id, mia);
    // Logistics learns the removal from catalog's event; from then on the stored answer is not Mia's to see.
    const removed = await eventually(upload, (a) => a.status !== 201, 20_000);
    expect([removed.status, removed.replayed, removed.body]).toEqual([404, null, expect.objectContaining({ error: 'not_found' })]);
    expect(JSON.stringify(removed.body)).not.toContain(first.body.id);
  }, 60_000);

  it('housekeeping deletes keys older than a day and keeps the others', async () => {
    const who = actor();
    const [old, fresh] = [`old-${randomUUID()}`, `fresh-${randomUUID()}`];
    for (const key of [old, fresh]) expect((await keyed('/api/objects/upload', who, undefined, key)).status).toBe(200);
    await t.logisticsService.db.$executeRawUnsafe(`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = $1`, old);
    expect((await t.logisticsService.housekeeping.runNow('idempotency-keys'))['idempotency-keys']).toBeGreaterThanOrEqual(1);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1::text[])`, [old, fresh])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, fresh)).toBe(1);
  });
});
