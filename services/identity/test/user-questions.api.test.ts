import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { askOwner, type Bus } from '@midway/service-kit';
import { testEnv, uniqueEmail } from '@midway/testing';
import { json, startTestIdentity, type Identity } from './identity-harness';

/**
 * A service about to e-mail a project's people asks identity about a user whose facts it never received (they left
 * the stream before it started): identity answers with the user as `identity.user.updated.v1`, or nothing.
 */
let identity: Identity;
let nc: NatsConnection;
beforeAll(async () => {
  identity = await startTestIdentity();
  nc = await connect({ servers: testEnv().natsUrl });
});
afterAll(async () => {
  await nc?.close();
  await identity?.stop();
});

it('answers a question about a user with their name and e-mail, and about an unknown id with nothing', async () => {
  const email = uniqueEmail('asked');
  const res = await fetch(`${identity.url}/api/register`, json({ email, password: 'long-enough-1', firstName: 'Ines', lastName: 'Moreau' }));
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const bus = { nc } as Bus;

  const events = await askOwner(bus, 'identity.user', id);
  expect(events).toEqual([
    expect.objectContaining({ type: 'identity.user.updated.v1', data: expect.objectContaining({ userId: id, email: email.toLowerCase(), firstName: 'Ines', lastName: 'Moreau' }) }),
  ]);
  expect(await askOwner(bus, 'identity.user', randomUUID())).toEqual([]);
});
