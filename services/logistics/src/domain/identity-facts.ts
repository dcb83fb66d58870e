import type { EventEnvelope, EventType } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

type Event<T extends EventType> = EventEnvelope<T>;

/**
 * What logistics learns from identity: each user's name and e-mail (the designer named on a scan match, the
 * addresses a damage report goes to). Idempotent: an older fact than the one applied changes nothing.
 */
export async function applyIdentityFact(r: Pick<Repos, 'users'>, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'identity.user.created.v1':
    case 'identity.user.updated.v1': {
      const d = (event as Event<'identity.user.created.v1'> | Event<'identity.user.updated.v1'>).data;
      const at = 'createdAt' in d ? d.createdAt : d.updatedAt;
      return r.users.record({ userId: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, at });
    }
    default:
      // Sessions mean nothing to logistics.
      return;
  }
}
