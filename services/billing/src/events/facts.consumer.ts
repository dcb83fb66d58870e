import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyFact } from '../domain/billing-facts';

/**
 * One durable consumer per upstream domain: catalog.> (projects, members, items and their statuses, in the
 * order catalog published them), identity.> (users) and logistics.> (selected services). Each event's effect
 * and inbox record commit together.
 */
export async function consumeFacts(bus: Bus, uow: UnitOfWork, logger: Logger, tz: string) {
  const consumers = await Promise.all(
    (['catalog', 'identity', 'logistics'] as const).map((domain) =>
      startConsumer({
        bus,
        domain,
        durable: `billing-${domain}`,
        service: 'billing',
        filterSubject: `${domain}.>`,
        logger,
        handle: async (event) => void (await uow.once(event, (repos) => applyFact(repos, event, tz))),
      }),
    ),
  );
  return { stop: async () => void (await Promise.all(consumers.map((c) => c.stop()))) };
}
