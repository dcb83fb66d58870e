/**
 * Message pact: the identity events catalog consumes (its users read model, which adding a member by e-mail
 * reads), as catalog reads them. Writes pacts/catalog-identity-events.json; identity's message provider test
 * (services/identity/test/message-pacts.provider.test.ts) builds each message with identity's own event builders
 * and checks it matches. Each message goes through catalog's real path: the contract's parseEvent, then
 * applyUserEvent, whose repository calls are recorded.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent } from '@midway/contracts';
import type { Repos } from '../src/data/unit-of-work';
import { applyUserEvent } from '../src/domain/user-directory.service';

const { boolean, like, uuid, iso8601DateTimeWithMillis, regex } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const USER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';

const at = () => iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z');
const envelope = (type: string, data: unknown) => ({ id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'), type, occurredAt: at(), data });
const user = { userId: uuid(USER_ID), email: like('dana@example.com'), firstName: like('Dana'), lastName: like('Designer'), systemRole: regex(/^(midway_admin|designer|client)$/.source, 'designer') };

const MESSAGES: [type: string, data: Record<string, unknown>][] = [
  ['identity.user.created.v1', { ...user, emailVerified: boolean(false), createdAt: at() }],
  // A user who opened their verification link: catalog lets them accept an invitation by its id.
  ['identity.user.updated.v1', { ...user, emailVerified: boolean(true), updatedAt: at() }],
];

describe('catalog consumes identity’s events', () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'identity-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });

  it.each(MESSAGES)('%s', async (type, data) => {
    const calls: string[] = [];
    const repos = { users: { upsert: async (...args: unknown[]) => void calls.push(`users.upsert ${JSON.stringify(args)}`) } } as unknown as Repos;
    await pact
      .expectsToReceive(type)
      .withContent(envelope(type, data))
      .withMetadata({ contentType: 'application/json' })
      .verify(asynchronousBodyHandler(async (body) => applyUserEvent(repos, parseEvent(body))));
    expect(calls).toEqual([expect.stringMatching(/^users\.upsert .*dana@example\.com.*designer.*"emailVerified":(true|false)/)]);
  });
});
