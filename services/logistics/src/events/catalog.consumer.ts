import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyCatalogFact } from '../domain/catalog-facts';

/**
 * catalog.> → logistics' access read model, items and their services. One durable consumer for all of
 * catalog's facts, so they apply in the order catalog published them (a project before its members and
 * items); each event's effect and inbox record commit together (an import batch: one transaction).
 */
export function consumeCatalogFacts(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'catalog',
    durable: 'logistics-catalog',
    service: 'logistics',
    filterSubject: 'catalog.>',
    logger,
    handle: async (event) => void (await uow.once(event, (repos) => applyCatalogFact(repos, event))),
  });
}
