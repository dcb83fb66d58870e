import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyDeliveryFact } from '../domain/delivery-facts';

/**
 * logistics.delivery.> → the project's deliveries, their history and, on completion, the delivered items, in the
 * order logistics published them; inbox and effect commit together (the kit's `once`).
 */
export function consumeLogisticsDeliveries(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'catalog-deliveries',
    service: 'catalog',
    filterSubject: 'logistics.delivery.>',
    logger,
    handle: async (event) => {
      if (event.type.startsWith('logistics.delivery.')) await uow.once(event, (repos) => applyDeliveryFact(repos, event as EventEnvelope<'logistics.delivery.requested.v1'>));
    },
  });
}
