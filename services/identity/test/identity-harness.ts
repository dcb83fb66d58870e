import { connect } from '@nats-io/transport-node';
import { IDENTITY_HEADER, signIdentityToken, verifySessionToken, SESSION_COOKIE } from '@midway/service-kit';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import { quietLogger, testEnv, testKeys } from '@midway/infra';
import { identityEnvSchema, type IdentityConfig } from '../src/config';
import { startIdentity } from '../src/identity.app';

export type Identity = Awaited<ReturnType<typeof startIdentity>>;

export function identityConfig(overrides: Partial<Record<keyof IdentityConfig, string>> = {}): IdentityConfig {
  const env = testEnv();
  const keys = testKeys();
  return identityEnvSchema.parse({
    DATABASE_URL: env.databaseUrl,
    NATS_URL: env.natsUrl,
    SMTP_URL: env.smtpUrl,
    INTERNAL_TOKEN_PUBLIC_KEY: keys.internal.publicKey,
    SESSION_PRIVATE_KEY: keys.session.privateKey,
    SESSION_PUBLIC_KEY: keys.session.publicKey,
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    RATE_LIMIT_CONTACT_PER_MINUTE: '0',
    CONTACT_TO: 'provider@midway.test',
    ...overrides,
  });
}

export const startTestIdentity = (overrides: Partial<Record<keyof IdentityConfig, string>> = {}) =>
  startIdentity(identityConfig(overrides), quietLogger('identity'), 0);

export function sessionCookieOf(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return set?.split(';')[0];
}

/** What the gateway would forward for the session in a cookie. */
export function asGateway(cookie: string | undefined): Record<string, string> {
  const token = cookie?.split('=')[1];
  const claims = token ? verifySessionToken(decodeURIComponent(token), testKeys().session.publicKey) : null;
  if (!claims) return {};
  return { [IDENTITY_HEADER]: signIdentityToken({ userId: claims.userId, email: claims.email, role: claims.role, sessionId: claims.sid }, testKeys().internal.privateKey) };
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

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
