/**
 * @jest-environment node
 *
 * Pact consumer contract: the shell's current-user request (fetchCurrentUser from @midway/ui, which
 * initial-user.ts calls as the page starts) against identity's GET /api/auth/user. Writes
 * pacts/shell-identity.json; services/identity/test/pact.provider.test.ts replays every pacts/*-identity.json
 * against the real service. Requests carry no session: the verifier adds the identity of the state's user
 * (the gateway does that in production).
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { CURRENT_USER_PATH, fetchCurrentUser } from '@midway/ui';

const { boolean, regex, string, uuid } = MatchersV3;

/** Identity's provider states (its pact.provider.test.ts builds each). */
export const IDENTITY_STATES = {
  signedIn: 'a designer "Ada Lovelace" signed in',
  signedOut: 'no one is signed in',
} as const;

const pact = new PactV4({ consumer: 'shell', provider: 'identity', dir: path.resolve(__dirname, '../../../pacts'), logLevel: 'warn' });

/** The browser resolves the client's relative paths against the page's origin; here the origin is the mock server. */
async function fromOrigin<T>(origin: string, work: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => realFetch(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init)) as typeof fetch;
  try {
    return await work();
  } finally {
    globalThis.fetch = realFetch;
  }
}

describe('shell → identity (Pact)', () => {
  it('GET /api/auth/user answers the signed-in user', () =>
    pact
      .addInteraction()
      .given(IDENTITY_STATES.signedIn)
      .uponReceiving('a request for the current user with a live session')
      .withRequest('GET', CURRENT_USER_PATH)
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') }).jsonBody({
          id: uuid('7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33'),
          email: string('ada@example.com'),
          firstName: string('Ada'),
          lastName: string('Lovelace'),
          systemRole: regex(/^(designer|midway_admin|client)$/.source, 'designer'),
          // The shell's banner asks for verification until this is true.
          emailVerified: boolean(false),
        }),
      )
      .executeTest(async (server) => {
        const user = await fromOrigin(server.url, () => fetchCurrentUser());
        expect(user).toEqual({ id: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', systemRole: 'designer', emailVerified: false });
      }));

  it('GET /api/auth/user without a session is 401, which the shell reads as signed out', () =>
    pact
      .addInteraction()
      .given(IDENTITY_STATES.signedOut)
      .uponReceiving('a request for the current user without a session')
      .withRequest('GET', CURRENT_USER_PATH)
      .willRespondWith(401)
      .executeTest(async (server) => {
        expect(await fromOrigin(server.url, () => fetchCurrentUser())).toBeNull();
      }));
});
