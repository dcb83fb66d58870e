import { HttpError } from '@midway/service-kit';
import type { SessionRecord } from '../data/session.repository';
import type { UserRecord } from '../data/user.repository';
import { signedInUser } from './session-access';

const now = new Date('2026-05-01T12:00:00Z');
const user = { id: 'u1', email: 'dana@example.com', passwordHash: null, firstName: 'Dana', lastName: null, systemRole: 'designer', createdAt: now, updatedAt: now } as UserRecord;
const live: SessionRecord = { sid: 's1', userId: 'u1', expire: new Date('2026-05-02T00:00:00Z'), revokedAt: null };

const reads = (u: UserRecord | null, s: SessionRecord | null) =>
  ({ users: { findById: async () => u }, sessions: { find: async () => s } }) as never;
const status = (p: Promise<unknown>) => p.then(() => 200, (e: unknown) => (e instanceof HttpError ? e.status : 500));

describe('signedInUser', () => {
  it('is the account when its session is live', async () => {
    await expect(signedInUser(reads(user, live), { userId: 'u1', sessionId: 's1' }, now)).resolves.toBe(user);
  });

  it('is 401 for a missing account or session, a revoked or expired session, or a session of another account', async () => {
    expect(await status(signedInUser(reads(null, live), { userId: 'u1', sessionId: 's1' }, now))).toBe(401);
    expect(await status(signedInUser(reads(user, null), { userId: 'u1', sessionId: 's1' }, now))).toBe(401);
    expect(await status(signedInUser(reads(user, { ...live, revokedAt: now }), { userId: 'u1', sessionId: 's1' }, now))).toBe(401);
    expect(await status(signedInUser(reads(user, { ...live, expire: new Date('2026-05-01T11:59:59Z') }), { userId: 'u1', sessionId: 's1' }, now))).toBe(401);
    expect(await status(signedInUser(reads(user, { ...live, userId: 'u2' }), { userId: 'u1', sessionId: 's1' }, now))).toBe(401);
  });
});
