import { randomUUID } from 'node:crypto';
import type { Actor } from './callers';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface IdempotentPost {
  /** Sends the POST as `who` with `Idempotency-Key: key`; `variant` sends a different body (or path). */
  send(key: string, who: Actor, variant?: boolean): Promise<Answer>;
  /** What the POST creates or changes, counted (rows, tokens…); each real effect adds one. */
  effects(): Promise<number>;
  /** The first caller, and another who may make the same call (an admin, a member). */
  caller: Actor;
  other: Actor;
  /** The service's database, to age a key by a day as the clock would. */
  db: { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> };
  /** Requests sent at once with one key (default 4). */
  atOnce?: number;
  /** What is sent under the key once a day has passed: the same request, or (when repeating it is a no-op by design, as inviting an address already invited) the variant. */
  dayLater?: 'same' | 'variant';
}

const headersThatMatter = (a: Answer) => ({ location: a.headers.get('location'), cursor: a.headers.get('x-next-cursor'), type: a.headers.get('content-type') });

/**
 * Stripe's Idempotency-Key rules, proved on one creating POST of a running service: identical requests at
 * once have one effect and identical answers; the key on another body is a 422; another key, or another
 * caller with the same key, has its own effect; a day later the key is forgotten.
 */
export async function expectIdempotentPost(p: IdempotentPost): Promise<void> {
  const n = p.atOnce ?? 4;
  const key = `key-${randomUUID()}`;
  const before = await p.effects();

  const answers = await Promise.all(Array.from({ length: n }, () => p.send(key, p.caller)));
  expect(answers[0]!.status).toBeLessThan(300);
  // The handler ran once: every other answer is the stored one.
  expect(answers.filter((a) => a.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
  for (const a of answers) expect({ status: a.status, body: a.body, ...headersThatMatter(a) }).toEqual({ status: answers[0]!.status, body: answers[0]!.body, ...headersThatMatter(answers[0]!) });
  expect(await p.effects()).toBe(before + 1);

  const reused = await p.send(key, p.caller, true);
  expect(reused.status).toBe(422);
  expect(reused.body).toMatchObject({ error: 'idempotency_key_reused', message: expect.stringContaining('Idempotency-Key') });
  expect(await p.effects()).toBe(before + 1);

  const again = await p.send(key, p.caller);
  expect({ status: again.status, body: again.body }).toEqual({ status: answers[0]!.status, body: answers[0]!.body });

  const otherKey = await p.send(`key-${randomUUID()}`, p.caller);
  expect(otherKey.status).toBeLessThan(300);
  expect(otherKey.headers.get('idempotent-replayed')).toBeNull();
  expect(await p.effects()).toBe(before + 2);

  const otherCaller = await p.send(key, p.other);
  expect(otherCaller.status).toBeLessThan(300);
  expect(otherCaller.headers.get('idempotent-replayed')).toBeNull();
  expect(await p.effects()).toBe(before + 3);

  await p.db.$executeRawUnsafe(`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = $1`, key);
  const dayLater = await p.send(key, p.caller, p.dayLater === 'variant');
  expect(dayLater.status).toBeLessThan(300);
  expect(dayLater.headers.get('idempotent-replayed')).toBeNull();
  expect(await p.effects()).toBe(before + 4);
}
