import type { EventEnvelope, EventData } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/** Keeps catalog's copy of users current, so designers can be added to a project by e-mail. */
export async function applyUserEvent(r: Repos, event: EventEnvelope): Promise<void> {
  if (event.type !== 'identity.user.created.v1' && event.type !== 'identity.user.updated.v1') return;
  await r.users.upsert(event.data as EventData<'identity.user.created.v1'>, new Date(event.occurredAt));
}
