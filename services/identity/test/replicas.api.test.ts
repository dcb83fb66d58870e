import { randomInt } from 'node:crypto';
import { uniqueEmail } from '@midway/testing';
import { SharedRateLimitStore } from '../src/data/rate-limit.store';
import { UnitOfWork } from '../src/data/unit-of-work';
import { json, startTestIdentity, type Identity } from './identity-harness';

/**
 * Two identity replicas on one database, as `MIDWAY_REPLICAS=2` runs them: a rate limit counts the hits
 * that reach either replica together, so spreading attempts over replicas gains an attacker nothing.
 */
const LIMIT = 5;
let replicas: Identity[] = [];
beforeAll(async () => {
  replicas = await Promise.all([1, 2].map(() => startTestIdentity({ RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) })));
});
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
});

/** An address no other test uses (198.18.0.0/15 is for tests), so this test's counts are its own. */
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const login = (replica: Identity, email: string, ip: string) =>
  fetch(`${replica.url}/api/login`, json({ email, password: 'wrong-password' }, { 'x-forwarded-for': ip }));
const requestReset = (replica: Identity, email: string, ip: string) => fetch(`${replica.url}/api/password-reset`, json({ email }, { 'x-forwarded-for': ip }));

describe('rate limits across identity replicas', () => {
  it('counts sign-in attempts from one IP on both replicas together: the attempt past the limit gets 429 on either', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await login(replicas[i % 2]!, uniqueEmail(), ip)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    for (const replica of replicas) {
      const res = await login(replica, uniqueEmail(), ip);
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/wait a minute/) });
    }
    // Another address is not held back by this one's count.
    expect((await login(replicas[0]!, uniqueEmail(), freshIp())).status).toBe(401);
  });

  it('counts attempts on one account from many IPs on both replicas together', async () => {
    const email = uniqueEmail('target');
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await login(replicas[i % 2]!, email, freshIp())).status);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    expect((await login(replicas[1]!, email, freshIp())).status).toBe(429);
    expect((await login(replicas[0]!, email, freshIp())).status).toBe(429);
  });

  it('counts 50 requests at once, half on each replica, exactly: the limit passes and the rest get 429', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => requestReset(replicas[i % 2]!, uniqueEmail(), ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LIMIT);
    // Every hit is counted once, none lost to a race between the replicas.
    const counter = await replicas[0]!.db.rateLimitCounter.findUnique({ where: { key: `reset:ip:${ip}` } });
    expect(counter?.hits).toBe(50);
  });

  it('counts sign-ups of one address from many IPs on both replicas together: "already taken" answers only up to the limit', async () => {
    const email = uniqueEmail('taken');
    const register = (replica: Identity) => fetch(`${replica.url}/api/register`, json({ email, password: 'long-enough-1', firstName: 'T', lastName: 'Aken' }, { 'x-forwarded-for': freshIp() }));
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await register(replicas[i % 2]!)).status);
    expect(statuses).toEqual([201, ...Array(LIMIT - 1).fill(409)]);
    for (const replica of replicas) expect((await register(replica)).status).toBe(429);
  });

  it('starts counting afresh on every replica once the window has ended', async () => {
    const stores = replicas.map((r) => new SharedRateLimitStore(new UnitOfWork(r.db)));
    for (const s of stores) s.init({ windowMs: 1000 } as Parameters<SharedRateLimitStore['init']>[0]);
    const key = `test:ip:${freshIp()}`;
    const first = await stores[0]!.increment(key);
    expect((await stores[1]!.increment(key)).totalHits).toBe(2);
    expect((await stores[0]!.increment(key)).totalHits).toBe(3);
    expect((await stores[1]!.get(key))?.totalHits).toBe(3);

    await new Promise((r) => setTimeout(r, 1100));
    expect(await stores[0]!.get(key)).toBeUndefined();
    const next = await stores[1]!.increment(key);
    expect(next.totalHits).toBe(1);
    expect(next.resetTime!.getTime()).toBeGreaterThan(first.resetTime!.getTime() + 1000);
    expect((await stores[0]!.increment(key)).totalHits).toBe(2);
  });
});
