/**
 * Message pact: the identity events logistics consumes (its users read model: the designer named on a scan
 * match, the addresses a damage report is e-mailed to), as logistics reads them. Writes
 * pacts/logistics-identity-events.json; identity's message provider test builds each message with its own event
 * builders. Each message goes through logistics' real path: parseEvent, then applyIdentityFact.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent } from '@midway/contracts';
import type { Repos } from '../src/data/unit-of-work';
import { applyIdentityFact } from '../src/domain/identity-facts';

const { like, uuid, iso8601DateTimeWithMillis, regex } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const USER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';

const at = () => iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z');
const envelope = (type: string, data: unknown) => ({ id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'), type, occurredAt: at(), data });
const user = { userId: uuid(USER_ID), email: like('dana@example.com'), firstName: like('Dana'), lastName: like('Designer'), systemRole: regex(/^(midway_admin|designer|client)$/.source, 'designer') };

const MESSAGES: [type: string, data: Record<string, unknown>][] = [
  ['identity.user.created.v1', { ...user, createdAt: at() }],
  ['identity.user.updated.v1', { ...user, updatedAt: at() }],
];

describe('logistics consumes identity’s events', () => {
  const pact = new MessageConsumerPact({ consumer: 'logistics', provider: 'identity-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });

  it.each(MESSAGES)('%s records the user’s name and e-mail', async (type, data) => {
    const recorded: unknown[] = [];
    const repos = { users: { record: async (u: unknown) => void recorded.push(u) } } as unknown as Repos;
    await pact
      .expectsToReceive(type)
      .withContent(envelope(type, data))
      .withMetadata({ contentType: 'application/json' })
      .verify(asynchronousBodyHandler(async (body) => applyIdentityFact(repos, parseEvent(body))));
    expect(recorded).toEqual([{ userId: USER_ID, email: 'dana@example.com', firstName: 'Dana', lastName: 'Designer', at: '2026-03-02T15:04:05.000Z' }]);
  });
});
