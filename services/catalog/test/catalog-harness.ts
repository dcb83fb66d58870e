import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { IDENTITY_HEADER, makeEvent, signIdentityToken } from '@midway/service-kit';
import { parseEvent, type EventEnvelope, type SystemRole } from '@midway/contracts';
import { startService, testEnv, testKeys } from '@midway/testing';
import { catalogService, type Catalog } from '../src';

export type { Catalog } from '../src';

export const startTestCatalog = () => startService(catalogService);

export interface Actor {
  userId: string;
  email: string;
  role: SystemRole;
  headers: Record<string, string>;
}

/** A caller as the gateway would forward them (no session needed: catalog trusts only the signed token). */
export function actor(role: SystemRole = 'designer'): Actor {
  const userId = randomUUID();
  const email = `${role}.${userId.slice(0, 8)}@example.com`;
  const token = signIdentityToken({ userId, email, role, sessionId: randomUUID() }, testKeys().internal.privateKey);
  return { userId, email, role, headers: { [IDENTITY_HEADER]: token } };
}

export const ANONYMOUS: Actor = { userId: '', email: '', role: 'client', headers: {} };

/** Tells catalog about a user the way identity does: an identity.user.created.v1 event on NATS. */
export async function announceUser(a: Actor, firstName = 'Sam', lastName = 'Rivera') {
  const nc = await connect({ servers: testEnv().natsUrl });
  const { jetstream } = await import('@nats-io/jetstream');
  const evt = makeEvent('identity.user.created.v1', { userId: a.userId, email: a.email, firstName, lastName, systemRole: a.role, createdAt: new Date().toISOString() });
  await jetstream(nc).publish(evt.type, JSON.stringify(evt), { msgID: evt.id });
  await nc.close();
}

export function api(base: string | (() => string)) {
  const baseUrl = () => (typeof base === 'string' ? base : base());
  const call = async (method: string, path: string, who: Actor, body?: unknown) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...who.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    call,
    get: (path: string, who: Actor) => call('GET', path, who),
    post: (path: string, who: Actor, body: unknown = {}) => call('POST', path, who, body),
    put: (path: string, who: Actor, body: unknown) => call('PUT', path, who, body),
    del: (path: string, who: Actor) => call('DELETE', path, who),
    async project(who: Actor, overrides: Record<string, unknown> = {}) {
      const res = await call('POST', '/api/projects', who, { name: `Lakeview ${randomUUID().slice(0, 6)}`, clientName: 'Jordan Park', clientEmail: 'jordan@client.test', location: 'Vancouver, BC', ...overrides });
      if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async item(who: Actor, projectId: string, overrides: Record<string, unknown> = {}) {
      const res = await call('POST', `/api/projects/${projectId}/items`, who, { name: 'Walnut dining table', supplier: 'Gus Modern', ...overrides });
      if (res.status !== 201) throw new Error(`item create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

/** Collects catalog events from now on (core NATS subscription on the subjects). */
export async function watchCatalogEvents() {
  const nc = await connect({ servers: testEnv().natsUrl });
  const seen: EventEnvelope[] = [];
  const sub = nc.subscribe('catalog.>');
  void (async () => {
    for await (const m of sub) seen.push(parseEvent(m.json()));
  })();
  await nc.flush();
  return {
    seen,
    async settle(ms = 600) {
      await new Promise((r) => setTimeout(r, ms));
      return seen;
    },
    about: (id: string) => seen.filter((e) => JSON.stringify(e.data).includes(id)),
    close: () => nc.close(),
  };
}

export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await fn();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    v = await fn();
  }
  return v;
}

/** Starts a catalog for the test file (before all, stopped after all) and an API client bound to it. */
export function useCatalog() {
  let catalog: Catalog | undefined;
  beforeAll(async () => {
    catalog = await startTestCatalog();
  });
  afterAll(async () => catalog?.stop());
  return {
    http: api(() => catalog!.url),
    get catalog() {
      return catalog!;
    },
  };
}
