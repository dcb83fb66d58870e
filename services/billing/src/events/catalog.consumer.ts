import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyFact } from '../domain/billing-facts';

/**
 * catalog.> → projects and their members (who may see what), items and their statuses (the receiving, storage
 * and delivery fees they make), in the order catalog published them. Effect and inbox record commit together.
 */
export function consumeCatalogFacts(bus: Bus, uow: UnitOfWork, logger: Logger, tz: string) {
  return startConsumer({
    bus,
    domain: 'catalog',
    durable: 'billing-catalog',
    service: 'billing',
    filterSubject: 'catalog.>',
    logger,
    handle: async (event) => void (await uow.once(event, (repos) => applyFact(repos, event, tz))),
  });
}
