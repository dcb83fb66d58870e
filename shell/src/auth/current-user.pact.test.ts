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
import { apiJson, CURRENT_USER_PATH, fetchCurrentUser } from '@midway/ui';
import type { TotpSetup } from '@midway/contracts';

const { boolean, regex, string, uuid } = MatchersV3;

/** Identity's provider states (its pact.provider.test.ts builds each). */
export const IDENTITY_STATES = {
  signedIn: 'a designer "Ada Lovelace" signed in',
  signedOut: 'no one is signed in',
  adminSignedIn: 'an admin "Sam Staff" signed in',
  adminSettingUp: 'an admin "Sam Staff" signed in, setting up an authenticator app',
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

/**
 * Settings' two-step sign-in (SecondFactorSetup) calls identity with the API client. A confirmation that succeeds
 * needs the code of the moment, which no recorded contract can hold: the contract is its refusal's shape, and
 * the success is proven by identity's second-factor.api.test.ts and the Chromium journey.
 */
describe('shell → identity: two-step sign-in (Pact)', () => {
  it('POST /api/auth/second-factor/setup answers the secret, its otpauth URL and the QR code', () =>
    pact
      .addInteraction()
      .given(IDENTITY_STATES.adminSignedIn)
      .uponReceiving('a request to start setting up an authenticator app')
      .withRequest('POST', '/api/auth/second-factor/setup')
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') }).jsonBody({
          secret: regex(/^[A-Z2-7]{32}$/.source, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
          otpauthUrl: regex(/^otpauth:\/\/totp\/.+secret=.+/.source, 'otpauth://totp/Midway:sam%40midway.test?issuer=Midway&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30'),
          qrDataUrl: regex(/^data:image\/png;base64,.+/.source, 'data:image/png;base64,iVBORw0KGgo='),
        }),
      )
      .executeTest(async (server) => {
        const setup = await fromOrigin(server.url, () => apiJson<TotpSetup>('POST', '/api/auth/second-factor/setup'));
        expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
        expect(setup.secret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
      }));

  it('POST /api/auth/second-factor/confirm with a code that is not right is a 400 with a message to show', () =>
    pact
      .addInteraction()
      .given(IDENTITY_STATES.adminSettingUp)
      .uponReceiving('a confirmation of an authenticator app with a wrong code')
      .withRequest('POST', '/api/auth/second-factor/confirm', (b) => b.jsonBody({ code: '000000' }))
      .willRespondWith(400, (b) => b.jsonBody({ error: string('invalid_code'), message: string('That code is not right. Enter the 6 digits your app shows now.') }))
      .executeTest(async (server) => {
        await expect(fromOrigin(server.url, () => apiJson('POST', '/api/auth/second-factor/confirm', { code: '000000' }))).rejects.toMatchObject({ status: 400 });
      }));
});
