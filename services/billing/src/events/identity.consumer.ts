import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyFact } from '../domain/billing-facts';

/** identity.> → users, for the names and e-mails invoices are addressed with. Effect and inbox record commit together. */
export function consumeIdentityFacts(bus: Bus, uow: UnitOfWork, logger: Logger, tz: string) {
  return startConsumer({
    bus,
    domain: 'identity',
    durable: 'billing-identity',
    service: 'billing',
    filterSubject: 'identity.>',
    logger,
    handle: async (event) => void (await uow.once(event, (repos) => applyFact(repos, event, tz))),
  });
}
