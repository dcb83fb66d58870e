import { connect } from '@nats-io/transport-node';
import { IDENTITY_HEADER, signIdentityToken, verifySessionToken } from '@midway/service-kit';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import { serviceTestConfig, startService, testEnv, testKeys } from '@midway/testing';
import { identityService, type IdentityConfig } from '../src';

export type { Identity } from '../src';
export { json, sessionCookieOf } from '@midway/testing';

/** A known inbox for contact messages (rate limits are off in every service test, see serviceTestEnv). */
const TEST_DEFAULTS = { CONTACT_TO: 'provider@midway.test' };

export function identityConfig(overrides: Partial<Record<keyof IdentityConfig, string>> = {}): IdentityConfig {
  return serviceTestConfig(identityService, { ...TEST_DEFAULTS, ...overrides });
}

export const startTestIdentity = (overrides: Partial<Record<keyof IdentityConfig, string>> = {}) =>
  startService(identityService, { ...TEST_DEFAULTS, ...overrides });

/** What the gateway would forward for the session in a cookie. */
export function asGateway(cookie: string | undefined): Record<string, string> {
  const token = cookie?.split('=')[1];
  const claims = token ? verifySessionToken(decodeURIComponent(token), testKeys().session.publicKey) : null;
  if (!claims) return {};
  return { [IDENTITY_HEADER]: signIdentityToken({ userId: claims.userId, email: claims.email, role: claims.role, sessionId: claims.sid }, testKeys().internal.privateKey) };
}

/** Collects the events published on a subject from now on. */
export async function watchEvents(subject: string) {
  const nc = await connect({ servers: testEnv().natsUrl });
  const seen: EventEnvelope[] = [];
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const m of sub) seen.push(parseEvent(m.json()));
  })();
  return {
    seen,
    async waitFor(pred: (e: EventEnvelope) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = seen.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no event on ${subject} matched within ${timeoutMs} ms; saw ${seen.map((e) => e.type).join(', ') || 'none'}`);
    },
    close: () => nc.close(),
  };
}
