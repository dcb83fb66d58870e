import type { UserReadModelRepository } from '../access/user-read-model.repository';
import type { CatchUp } from './not-seen-yet';

/**
 * Before a project's e-mails are addressed: its owner and members this service never heard of (it started after
 * identity's facts about them left the stream, or its read model was restored from an older copy) are asked of
 * identity and recorded, so nobody is silently left off. Identity down: the addresses known are used.
 */
export async function learnProjectPeople(catchUp: CatchUp, users: Pick<UserReadModelRepository, 'unknownPeople'>, projectId: string): Promise<void> {
  for (const id of await users.unknownPeople(projectId)) await catchUp.learn('identity.user', id);
}
