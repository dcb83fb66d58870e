import { decodeCursor, encodeCursor } from './item-cursor.codec';

const id = '7b0c1f2e-8d6a-4c33-9a71-2f1f3c1e0a11';
const raw = (s: string) => Buffer.from(s).toString('base64url');

describe('the items cursor', () => {
  it('decodes what it encodes: the last row’s created_at (to the microsecond) and id', () => {
    const createdAt = '2026-01-02 03:04:05.123456+00';
    expect(decodeCursor(encodeCursor({ id, createdAt }))).toEqual({ createdAt, id });
  });

  it('refuses a tampered cursor before it reaches SQL: no id, not a uuid, a day or time that does not exist, an offset Postgres refuses', () => {
    for (const bad of ['', 'garbage', raw('2026-01-02 03:04:05+00'), raw(`2026-01-02 03:04:05+00|not-a-uuid`), raw(`2026-02-30 03:04:05+00|${id}`), raw(`0000-01-01 00:00:00+00|${id}`), raw(`2026-01-02 25:00:00+00|${id}`), raw(`2026-01-02 03:04:05+99|${id}`)]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});
