import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyFact } from '../domain/billing-facts';

/**
 * How a catalog event takes effect here, effect and inbox record in one transaction: the consumer's path, and
 * the one catalog's answers about a project not seen yet take, so the live event changes nothing after.
 */
export const applyCatalogEvent = (uow: UnitOfWork, tz: string) => async (event: EventEnvelope) => void (await uow.once(event, (repos) => applyFact(repos, event, tz)));

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
    handle: applyCatalogEvent(uow, tz),
  });
}
