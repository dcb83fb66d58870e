import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyPhotoUploaded } from '../domain/item-photo.service';

/**
 * How an upload fact takes effect, effect and inbox record in one transaction: the consumer's path, and the one
 * logistics' answer about a photo catalog has not heard of takes, so the live event changes nothing after.
 */
export const applyLogisticsUpload = (uow: UnitOfWork) => async (event: EventEnvelope) => {
  if (event.type !== 'logistics.photo.uploaded.v1') return;
  await uow.once(event, (repos) => applyPhotoUploaded(repos, event as EventEnvelope<'logistics.photo.uploaded.v1'>));
};

/** logistics.photo.> → who uploaded each photo and its project (the photos read model). */
export function consumeLogisticsUploads(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'catalog-photo-uploads',
    service: 'catalog',
    filterSubject: 'logistics.photo.>',
    logger,
    handle: applyLogisticsUpload(uow),
  });
}
