import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyPhotoAttached } from '../domain/item-photo.service';

/** logistics.item-photo.* → the item's photoUrl; inbox and effect commit together (the kit's `once`). */
export function consumeLogisticsPhotos(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'catalog-item-photos',
    service: 'catalog',
    filterSubject: 'logistics.item-photo.>',
    logger,
    handle: async (event) => {
      if (event.type !== 'logistics.item-photo.attached.v1') return;
      await uow.once(event, (repos) => applyPhotoAttached(repos, event as EventEnvelope<'logistics.item-photo.attached.v1'>));
    },
  });
}
