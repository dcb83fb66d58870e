import { randomUUID } from 'node:crypto';
import { uniqueEmail } from '@midway/testing';
import { json, startTestIdentity, type Identity } from './identity-harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

async function userId(): Promise<string> {
  const res = await fetch(`${identity.url}/api/register`, json({ email: uniqueEmail(), password: 'correct-horse-1', firstName: 'A', lastName: 'B' }));
  return ((await res.json()) as { id: string }).id;
}

describe('identity housekeeping (scheduled by the kit)', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const uid = await userId();
    const [expired, live] = [randomUUID(), randomUUID()];
    await identity.db.session.createMany({
      data: [
        { sid: expired, userId: uid, expire: new Date(Date.now() - 60_000), sess: {} },
        { sid: live, userId: uid, expire: new Date(Date.now() + 3600_000), sess: {} },
      ],
    });
    const removed = await identity.housekeeping.runNow('expired sessions');
    expect(removed['expired sessions']).toBeGreaterThanOrEqual(1);
    const left = await identity.db.session.findMany({ where: { sid: { in: [expired, live] } }, select: { sid: true } });
    expect(left.map((s) => s.sid)).toEqual([live]);
  });

  it('deletes rate-limit windows that have ended and keeps running ones', async () => {
    const [ended, running] = [`test:ip:${randomUUID()}`, `test:ip:${randomUUID()}`];
    await identity.db.rateLimitCounter.createMany({
      data: [
        { key: ended, hits: 3, resetAt: new Date(Date.now() - 1000) },
        { key: running, hits: 3, resetAt: new Date(Date.now() + 60_000) },
      ],
    });
    const removed = await identity.housekeeping.runNow('ended rate-limit windows');
    expect(removed['ended rate-limit windows']).toBeGreaterThanOrEqual(1);
    const left = await identity.db.rateLimitCounter.findMany({ where: { key: { in: [ended, running] } }, select: { key: true } });
    expect(left.map((c) => c.key)).toEqual([running]);
  });

  it('prunes inbox rows past the retention and keeps recent ones', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await identity.db.$executeRawUnsafe(
      `INSERT INTO identity.inbox_events (id, type, processed_at) VALUES ($1::uuid, 't', now() - interval '40 days'), ($2::uuid, 't', now())`,
      old,
      recent,
    );
    expect((await identity.housekeeping.runNow('inbox')).inbox).toBeGreaterThanOrEqual(1);
    const rows = await identity.db.$queryRawUnsafe<{ id: string }[]>(`SELECT id::text FROM identity.inbox_events WHERE id = ANY($1::uuid[])`, [old, recent]);
    expect(rows.map((r) => r.id)).toEqual([recent]);
  });

  it('shows dead-lettered outbox events in /readyz without taking the service out of traffic', async () => {
    const before = await (await fetch(`${identity.url}/readyz`)).json();
    expect(before).toMatchObject({ status: 'ready', details: { outbox: { deadLettered: expect.any(Number) } } });
    const id = randomUUID();
    await identity.db.$executeRawUnsafe(
      `INSERT INTO identity.outbox_events (id, type, payload, occurred_at, dead_at, attempts, last_error) VALUES ($1::uuid, 'identity.x', '{}', now(), now(), 10, 'test')`,
      id,
    );
    try {
      const res = await fetch(`${identity.url}/readyz`);
      expect(res.status).toBe(200);
      expect((await res.json()).details.outbox.deadLettered).toBe(before.details.outbox.deadLettered + 1);
    } finally {
      await identity.db.$executeRawUnsafe(`DELETE FROM identity.outbox_events WHERE id = $1::uuid`, id);
    }
  });
});
