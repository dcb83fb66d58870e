/**
 * Message pact: the billing events catalog consumes, as catalog reads them. Writes pacts/catalog-billing-events.json;
 * billing's message provider test builds each message with billing's own event builders. The message goes through
 * catalog's real path: parseEvent, then the consumer's domain effect.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import { applyCostRecorded } from '../src/domain/billing-costs.service';
import type { Repos } from '../src/data/unit-of-work';

const { uuid, iso8601DateTimeWithMillis, regex, integer } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');

it('billing.cost.recorded.v1 becomes the project’s cost row for that type and month', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'billing-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const recorded: unknown[] = [];
  const repos = { costs: { recordBillingCost: async (c: unknown) => void recorded.push(c) } } as unknown as Repos;
  await pact
    .expectsToReceive('billing.cost.recorded.v1')
    .withContent({
      id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'),
      type: 'billing.cost.recorded.v1',
      occurredAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      data: {
        projectId: uuid('2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11'),
        type: regex(/^(receiving|enhanced_inspection|storage|delivery|install_assembly|special_handling)$/.source, 'storage'),
        month: integer(3),
        year: integer(2026),
        amount: regex(/^-?\d+\.\d{2}$/.source, '14.00'),
        changedAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      },
    })
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyCostRecorded(repos, parseEvent(body) as EventEnvelope<'billing.cost.recorded.v1'>)));
  expect(recorded).toEqual([
    { projectId: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11', type: 'storage', year: 2026, month: 3, amount: '14.00', description: 'Storage & Warehousing — March 2026', changedAt: '2026-03-02T15:04:05.000Z' },
  ]);
});
