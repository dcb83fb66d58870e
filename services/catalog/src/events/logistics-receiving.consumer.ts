import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyItemPlaced, applyItemReleased } from '../domain/custody-facts';
import { applyItemArrived, applyItemInspected } from '../domain/warehouse-facts';

/**
 * logistics.item.> → an item's arrival (custody begins: status received, receivedAt, pieces), inspection, put-away
 * and moves (stored, at a location) and release (custody ends), in the order logistics published them; inbox and effect commit together (the kit's `once`).
 */
export function consumeLogisticsReceiving(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'catalog-item-receiving',
    service: 'catalog',
    filterSubject: 'logistics.item.>',
    logger,
    handle: async (event) => {
      if (event.type === 'logistics.item.arrived.v1') await uow.once(event, (repos) => applyItemArrived(repos, event as EventEnvelope<'logistics.item.arrived.v1'>));
      else if (event.type === 'logistics.item.inspected.v1') await uow.once(event, (repos) => applyItemInspected(repos, event as EventEnvelope<'logistics.item.inspected.v1'>));
      else if (event.type === 'logistics.item.put-away.v1' || event.type === 'logistics.item.moved.v1') await uow.once(event, (repos) => applyItemPlaced(repos, event as EventEnvelope<'logistics.item.put-away.v1'>));
      else if (event.type === 'logistics.item.released.v1') await uow.once(event, (repos) => applyItemReleased(repos, event as EventEnvelope<'logistics.item.released.v1'>));
    },
  });
}
