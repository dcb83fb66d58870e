import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyDamageReported } from '../domain/warehouse-facts';

/** logistics.damage.> → the project's damage reports; inbox and effect commit together (the kit's `once`). */
export function consumeLogisticsDamage(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'logistics',
    durable: 'catalog-damage-reports',
    service: 'catalog',
    filterSubject: 'logistics.damage.>',
    logger,
    handle: async (event) => {
      if (event.type !== 'logistics.damage.reported.v1') return;
      await uow.once(event, (repos) => applyDamageReported(repos, event as EventEnvelope<'logistics.damage.reported.v1'>));
    },
  });
}
