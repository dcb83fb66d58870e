import fs from 'node:fs';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { IDENTITY_HEADER, signIdentityToken, verifySessionToken } from '@midway/service-kit';
import { testKeys, uniqueEmail } from '@midway/testing';
import { startTestIdentity, type Identity } from './identity-harness';

/**
 * Verifies the front end's HTTP contracts with identity (pacts/<consumer>-identity.json, written by their
 * consumer tests: today the shell's current-user request) against the real identity service on a real
 * database. Each provider state builds exactly what it names.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
/** Every consumer's contract with identity: a new consumer's pact is verified without an edit here. */
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-identity.json')).map((f) => path.join(PACTS_DIR, f));

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

/** The identity the gateway would forward for the state's session; none when no one is signed in. */
let forwarded: string | null = null;

/** A new account of that role with a live session, as the gateway would forward it. */
async function signedInAs(systemRole: 'midway_admin' | 'designer'): Promise<string> {
  const user = await identity.auth.createUser({ email: uniqueEmail('sam'), password: 'correct-horse-1', firstName: 'Sam', lastName: 'Staff', systemRole });
  const { token } = await identity.auth.openSession(user, {});
  const claims = verifySessionToken(token, testKeys().session.publicKey)!;
  return signIdentityToken({ userId: claims.userId, email: claims.email, role: claims.role, sessionId: claims.sid }, testKeys().internal.privateKey);
}

it('fulfils every consumer’s contract (shell)', async () => {
  expect(PACTS.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['shell-identity.json']));
  await new Verifier({
    provider: 'identity',
    providerBaseUrl: identity.url,
    pactUrls: PACTS,
    logLevel: 'warn',
    stateHandlers: {
      'a designer "Ada Lovelace" signed in': async () => {
        const email = uniqueEmail('ada');
        const password = 'correct-horse-1';
        const user = await identity.auth.createUser({ email, password, firstName: 'Ada', lastName: 'Lovelace', systemRole: 'designer' });
        const { token } = await identity.auth.openSession(user, {});
        const claims = verifySessionToken(token, testKeys().session.publicKey)!;
        forwarded = signIdentityToken({ userId: claims.userId, email: claims.email, role: claims.role, sessionId: claims.sid }, testKeys().internal.privateKey);
      },
      'an admin "Sam Staff" signed in': async () => {
        forwarded = await signedInAs('midway_admin');
      },
      'an admin "Sam Staff" signed in, setting up an authenticator app': async () => {
        forwarded = await signedInAs('midway_admin');
        const res = await fetch(`${identity.url}/api/auth/second-factor/setup`, { method: 'POST', headers: { [IDENTITY_HEADER]: forwarded } });
        expect(res.status).toBe(200);
      },
      'no one is signed in': async () => {
        forwarded = null;
      },
    },
    // The gateway's job in production: forward the session's user as a signed identity.
    requestFilter: (req, _res, next) => {
      if (forwarded) req.headers[IDENTITY_HEADER] = forwarded;
      next();
    },
  }).verifyProvider();
}, 120_000);
