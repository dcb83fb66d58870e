import { randomUUID } from 'node:crypto';
import { expectIdempotentPost, type Actor } from '@midway/testing';
import { actor, usePlatform } from './logistics-harness';

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
