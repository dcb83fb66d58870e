import type { CurrentUser, ProfileBody } from '@midway/contracts';
import type { Caller } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { toCurrentUser } from './auth.service';
import { signedInUser } from './session-access';
import { userEvents } from './user-events';

/** The signed-in user's own profile: name, company and phone. Other services hear of it by event. */
export class ProfileService {
  constructor(private readonly uow: UnitOfWork) {}

  async update(caller: Caller, body: ProfileBody): Promise<CurrentUser> {
    return this.uow.run(async (r) => {
      await signedInUser(r, caller);
      const user = await r.users.update(caller.userId, { firstName: body.firstName, lastName: body.lastName, company: body.company, phone: body.phone });
      await r.outbox.add(userEvents.updated(user));
      return toCurrentUser(user);
    });
  }
}
