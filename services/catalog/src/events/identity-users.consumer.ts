import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyUserEvent } from '../domain/user-directory.service';

/** identity.user.* → catalog's user read model; inbox and effect commit together (the kit's `once`). */
export function consumeIdentityUsers(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'identity',
    durable: 'catalog-users',
    service: 'catalog',
    filterSubject: 'identity.user.>',
    logger,
    handle: async (event) => void (await uow.once(event, (repos) => applyUserEvent(repos, event))),
  });
}
