import { unauthorized, type Caller } from '@midway/service-kit';
import type { Repos } from '../data/unit-of-work';
import type { UserRecord } from '../data/user.repository';

/**
 * Identity's one access rule, for every call that acts as the signed-in caller: their account exists and the
 * session their token names is neither revoked nor past its expiry. Anything else is 401, so a session revoked
 * by sign-out or a password reset stops reading the account and changing its password at once, even while the
 * gateway's short-lived identity token for it is still valid.
 */
export async function signedInUser(r: Pick<Repos, 'users' | 'sessions'>, caller: Pick<Caller, 'userId' | 'sessionId'>, now = new Date()): Promise<UserRecord> {
  const [user, session] = await Promise.all([r.users.findById(caller.userId), r.sessions.find(caller.sessionId)]);
  if (!user || !session || session.userId !== user.id || session.revokedAt || session.expire < now) throw unauthorized();
  return user;
}
