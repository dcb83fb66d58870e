import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyFact } from '../domain/billing-facts';

/** logistics.> → selected and cleared services and inspections, the fees they make. Effect and inbox commit together. */
export function consumeLogisticsFacts(bus: Bus, uow: UnitOfWork, logger: Logger, tz: string) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'billing-logistics',
    service: 'billing',
    filterSubject: 'logistics.>',
    logger,
    handle: async (event) => void (await uow.once(event, (repos) => applyFact(repos, event, tz))),
  });
}
