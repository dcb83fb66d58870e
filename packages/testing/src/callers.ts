import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { IDENTITY_HEADER, makeEvent, signIdentityToken } from '@midway/service-kit';
import { parseEvent, type EventEnvelope, type SystemRole } from '@midway/contracts';
import { testEnv, testKeys } from './test-env';

/** A caller of a service behind the gateway: who they are and the headers the gateway would forward. */
export interface Actor {
  userId: string;
  email: string;
  role: SystemRole;
  headers: Record<string, string>;
}

/** A caller as the gateway would forward them (no session needed: services trust only the signed token). */
export function actor(role: SystemRole = 'designer'): Actor {
  const userId = randomUUID();
  const email = `${role}.${userId.slice(0, 8)}@example.com`;
  const sessionId = randomUUID();
  // The gateway's forwarded token lives a minute; a test that runs longer (a slow machine, a big fixture) gets a
  // fresh one, as each of the gateway's requests would.
  let token = '';
  let signedAt = 0;
  return {
    userId,
    email,
    role,
    get headers() {
      if (Date.now() - signedAt > REFRESH_TOKEN_AFTER_MS) {
        token = signIdentityToken({ userId, email, role, sessionId }, testKeys().internal.privateKey);
        signedAt = Date.now();
      }
      return { [IDENTITY_HEADER]: token };
    },
  };
}
const REFRESH_TOKEN_AFTER_MS = 20_000;

/** A caller without an identity token. */
export const ANONYMOUS: Actor = { userId: '', email: '', role: 'client', headers: {} };

/**
 * How a response body is read: 'json' parses any non-empty body as JSON (a non-JSON body throws);
 * 'by-type' parses JSON bodies and gives others as a Buffer (PDFs, images).
 */
export type BodyReading = 'json' | 'by-type';

/** A small HTTP client for a service's API, calling as an Actor. */
export function serviceClient(base: string | (() => string), opts: { body?: BodyReading } = {}) {
  const baseUrl = () => (typeof base === 'string' ? base : base());
  const call = async (method: string, path: string, who: Actor, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...who.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (opts.body === 'by-type') {
      const type = res.headers.get('content-type') ?? '';
      const buf = Buffer.from(await res.arrayBuffer());
      const parsed: any = type.includes('json') && buf.length ? JSON.parse(buf.toString('utf8')) : buf.length ? buf : undefined;
      return { status: res.status, headers: res.headers, body: parsed };
    }
    const text = await res.text();
    const parsed: any = text ? JSON.parse(text) : undefined;
    return { status: res.status, headers: res.headers, body: parsed };
  };
  return {
    call,
    get: (path: string, who: Actor) => call('GET', path, who),
    post: (path: string, who: Actor, body: unknown = {}) => call('POST', path, who, body),
    put: (path: string, who: Actor, body: unknown) => call('PUT', path, who, body),
    del: (path: string, who: Actor) => call('DELETE', path, who),
  };
}

/** Calls `fn` until `ok` holds or `timeoutMs` passes; the last value either way (the test's assertion decides). Generous by default: on a loaded CI machine an event may take seconds to cross services. */
export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await fn();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, intervalMs));
    v = await fn();
  }
  return v;
}

/** Collects events on `subject` from now on (core NATS subscription), each checked against its contract. */
export async function watchEvents(subject: string, defaultSettleMs = 1500) {
  const nc = await connect({ servers: testEnv().natsUrl });
  const seen: EventEnvelope[] = [];
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const m of sub) seen.push(parseEvent(m.json()));
  })();
  await nc.flush();
  return {
    seen,
    settle: async (ms = defaultSettleMs) => {
      await new Promise((r) => setTimeout(r, ms));
      return seen;
    },
    about: (id: string) => seen.filter((e) => JSON.stringify(e.data).includes(id)),
    close: () => nc.close(),
  };
}

/** Tells the services about a user the way identity does: an identity.user.created.v1 event on its stream (unverified unless `emailVerified`). */
export async function announceUser(a: Actor, firstName = 'Sam', lastName = 'Rivera', opts: { emailVerified?: boolean } = {}) {
  const nc = await connect({ servers: testEnv().natsUrl });
  const evt = makeEvent('identity.user.created.v1', { userId: a.userId, email: a.email, firstName, lastName, systemRole: a.role, emailVerified: opts.emailVerified ?? false, createdAt: new Date().toISOString() });
  await jetstream(nc).publish(evt.type, JSON.stringify(evt), { msgID: evt.id });
  await nc.close();
}
