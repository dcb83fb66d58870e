import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyShipmentLinked } from '../domain/shipment-facts';

/** logistics.shipment.> → tracking numbers for imported items that have none; inbox and effect commit together. */
export function consumeLogisticsShipments(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'catalog-shipments',
    service: 'catalog',
    filterSubject: 'logistics.shipment.>',
    logger,
    handle: async (event) => {
      if (event.type !== 'logistics.shipment.linked.v1') return;
      await uow.once(event, (repos) => applyShipmentLinked(repos, event as EventEnvelope<'logistics.shipment.linked.v1'>));
    },
  });
}
