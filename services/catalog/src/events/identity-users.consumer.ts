import { recordInbox, startConsumer, type Bus, type Logger } from '@midway/service-kit';
import { SCHEMA } from '../data/prisma-client';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyUserEvent } from '../domain/user-directory.service';

/** identity.user.* → catalog's user read model; inbox and effect commit together. */
export function consumeIdentityUsers(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'identity',
    durable: 'catalog-users',
    filterSubject: 'identity.user.>',
    logger,
    handle: (event) =>
      uow.runRaw(async (tx, repos) => {
        if (await recordInbox(tx, SCHEMA, event)) await applyUserEvent(repos, event);
      }),
  });
}
