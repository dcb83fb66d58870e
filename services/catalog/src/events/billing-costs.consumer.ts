import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyCostRecorded } from '../domain/billing-costs.service';

/** billing.cost.recorded.v1 → the project's cost row for that type and month; inbox and effect commit together. */
export function consumeBillingCosts(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'billing',
    durable: 'catalog-billing-costs',
    service: 'catalog',
    filterSubject: 'billing.cost.>',
    logger,
    handle: async (event) => {
      if (event.type !== 'billing.cost.recorded.v1') return;
      await uow.once(event, (repos) => applyCostRecorded(repos, event as EventEnvelope<'billing.cost.recorded.v1'>));
    },
  });
}
