import { makeEvent } from '@midway/service-kit';
import type { SessionRecord } from '../data/session.repository';

/** `identity.session.revoked.v1`: every gateway drops the session at once. */
export const sessionRevokedEvent = (s: SessionRecord) =>
  makeEvent('identity.session.revoked.v1', {
    sessionId: s.sid,
    userId: s.userId,
    expiresAt: s.expire.toISOString(),
    revokedAt: (s.revokedAt ?? new Date()).toISOString(),
  });
