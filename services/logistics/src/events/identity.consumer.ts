import type { EventEnvelope } from '@midway/contracts';
import { startConsumer, type Bus, type Logger } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { applyIdentityFact } from '../domain/identity-facts';

/** identity.> → users (names and e-mails for the receiving desk). Effect and inbox record commit together. */
export function consumeIdentityFacts(bus: Bus, uow: UnitOfWork, logger: Logger) {
  return startConsumer({
    bus,
    domain: 'identity',
    durable: 'logistics-identity',
    service: 'logistics',
    filterSubject: 'identity.>',
    logger,
    handle: applyIdentityEvent(uow),
  });
}

/** One identity fact through the inbox: the consumer's way, and the way identity's answer to a question is applied. */
export const applyIdentityEvent = (uow: UnitOfWork) => async (event: EventEnvelope) => void (await uow.once(event, (repos) => applyIdentityFact(repos, event)));
