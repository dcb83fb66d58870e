import fs from 'node:fs';
import path from 'node:path';
import { MessageProviderPact, providerWithMetadata } from '@pact-foundation/pact';
import { userEvents } from '../src/domain/user-events';

/**
 * Verifies the message pacts of identity's events (pacts/<consumer>-identity-events.json: billing's), each
 * message built by the builders identity publishes with.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-identity-events.json')).map((f) => path.join(PACTS_DIR, f));
const user = { id: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', email: 'dana@example.com', firstName: 'Dana', lastName: 'Designer', systemRole: 'designer' as const };
const json = <T>(build: () => T) => providerWithMetadata(() => build(), { contentType: 'application/json' });

const MESSAGES = {
  'identity.user.created.v1': json(() => userEvents.created({ ...user, emailVerified: false }, new Date('2026-03-02T15:04:05.000Z'))),
  'identity.user.updated.v1': json(() => userEvents.updated({ ...user, emailVerifiedAt: new Date('2026-03-02T15:00:00.000Z'), updatedAt: new Date('2026-03-02T15:04:05.000Z') })),
};

it('identity’s events match every consumer’s message pact', async () => {
  expect(PACTS.length).toBeGreaterThan(0);
  await new MessageProviderPact({ provider: 'identity-events', pactUrls: PACTS, messageProviders: MESSAGES, logLevel: 'warn' }).verify();
}, 60_000);
