import { startConsumer, streamName, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyCatalogFact } from '../domain/catalog-facts';

/**
 * catalog.> → logistics' access read model, items and their services. One durable consumer for all of
 * catalog's facts, so they apply in the order catalog published them (a project before its members and
 * items); each event's effect and inbox record commit together (an import batch: one transaction).
 */
const DURABLE = 'logistics-catalog';

/**
 * How a catalog event takes effect here, effect and inbox record in one transaction: the consumer's path, and
 * the one catalog's answers about a project or item not seen yet take, so the live event changes nothing after.
 */
export const applyCatalogEvent = (uow: UnitOfWork) => async (event: EventEnvelope) => void (await uow.once(event, (repos) => applyCatalogFact(repos, event)));

export function consumeCatalogFacts(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'catalog',
    durable: DURABLE,
    service: 'logistics',
    filterSubject: 'catalog.>',
    logger,
    handle: applyCatalogEvent(uow),
  });
}

/** Whether every catalog event published so far has been applied (nothing pending or awaiting its ack). */
export async function catalogCaughtUp(bus: Bus): Promise<boolean> {
  const info = await bus.jsm.consumers.info(streamName('catalog'), DURABLE);
  return info.num_pending === 0 && info.num_ack_pending === 0;
}
