import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort, startObjectStore, type RunningObjectStore } from '@midway/infra';
import { connect } from '@nats-io/transport-node';
import { IDENTITY_HEADER, signIdentityToken } from '@midway/service-kit';
import { parseEvent, type EventEnvelope, type SystemRole } from '@midway/contracts';
import { catalogService, type Catalog } from '@midway/catalog';
import { startService, testEnv, testKeys } from '@midway/testing';
import { logisticsService, type Logistics } from '../src';

export type { Logistics } from '../src';

export const startTestLogistics = (overrides: Record<string, string> = {}) => startService(logisticsService, overrides);

export interface Actor {
  userId: string;
  email: string;
  role: SystemRole;
  headers: Record<string, string>;
}

/** A caller as the gateway would forward them (services trust only the signed token). */
export function actor(role: SystemRole = 'designer'): Actor {
  const userId = randomUUID();
  const email = `${role}.${userId.slice(0, 8)}@example.com`;
  const token = signIdentityToken({ userId, email, role, sessionId: randomUUID() }, testKeys().internal.privateKey);
  return { userId, email, role, headers: { [IDENTITY_HEADER]: token } };
}

export const ANONYMOUS: Actor = { userId: '', email: '', role: 'client', headers: {} };

export function client(base: () => string) {
  const call = async (method: string, path: string, who: Actor, body?: unknown) => {
    const res = await fetch(`${base()}${path}`, {
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
  };
}

export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await fn();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    v = await fn();
  }
  return v;
}

/** Collects events of a domain from now on (core NATS subscription). */
export async function watchEvents(subject = 'logistics.>') {
  const nc = await connect({ servers: testEnv().natsUrl });
  const seen: EventEnvelope[] = [];
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const m of sub) seen.push(parseEvent(m.json()));
  })();
  await nc.flush();
  return {
    seen,
    settle: async (ms = 1500) => {
      await new Promise((r) => setTimeout(r, ms));
      return seen;
    },
    about: (id: string) => seen.filter((e) => JSON.stringify(e.data).includes(id)),
    close: () => nc.close(),
  };
}

/**
 * Catalog and logistics for the test file, as in production: catalog's API makes projects, members and
 * items, its events reach logistics over NATS, and logistics' API answers from its own read model.
 */
export function usePlatform(opts: { objectStore?: boolean } = {}) {
  let catalog: Catalog | undefined;
  let logistics: Logistics | undefined;
  let store: RunningObjectStore | undefined;
  beforeAll(async () => {
    // The S3 endpoint as the platform runs it: s3rver in process, which verifies SigV4 like MinIO.
    if (opts.objectStore) store = await startObjectStore({ dir: path.join(testEnv().tmpDir, `s3-${randomUUID()}`), port: await freePort() });
    const s3: Record<string, string> = store ? { S3_ENDPOINT: store.endpoint, S3_ACCESS_KEY: store.accessKey, S3_SECRET_KEY: store.secretKey, S3_BUCKET: store.bucket } : {};
    [catalog, logistics] = await Promise.all([startService(catalogService), startTestLogistics(s3)]);
  }, 60_000);
  afterAll(async () => {
    await logistics?.stop();
    await catalog?.stop();
    await store?.stop();
  });
  const cat = client(() => catalog!.url);
  const log = client(() => logistics!.url);
  const helpers = {
    catalog: cat,
    logistics: log,
    get catalogService() {
      return catalog!;
    },
    get logisticsService() {
      return logistics!;
    },
    /** Catalog learns users from identity's events; here they are written to its read model directly. */
    async known(...actors: Actor[]) {
      for (const a of actors) {
        await catalog!.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${a.userId}::uuid, ${a.email}, 'Test', ${a.role}, ${a.role}, now()) ON CONFLICT DO NOTHING`;
      }
    },
    async project(who: Actor, overrides: Record<string, unknown> = {}) {
      const res = await cat.post('/api/projects', who, { name: `Lakeview ${randomUUID().slice(0, 6)}`, clientName: 'Jordan Park', location: 'Vancouver, BC', ...overrides });
      if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string; name: string };
    },
    async item(who: Actor, projectId: string, overrides: Record<string, unknown> = {}) {
      const res = await cat.post(`/api/projects/${projectId}/items`, who, { name: 'Walnut dining table', ...overrides });
      if (res.status !== 201) throw new Error(`item create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string; name: string };
    },
    async addMember(owner: Actor, projectId: string, who: Actor, role: 'member' | 'viewer' = 'member') {
      await helpers.known(who);
      const res = await cat.post(`/api/projects/${projectId}/members`, owner, { email: who.email, role });
      if (res.status !== 201) throw new Error(`member add failed: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async removeMember(owner: Actor, projectId: string, who: Actor) {
      const res = await cat.del(`/api/projects/${projectId}/members/${who.userId}`, owner);
      if (res.status !== 204) throw new Error(`member remove failed: ${res.status} ${JSON.stringify(res.body)}`);
    },
    /** The services logistics shows `who` (all pages, filtered). */
    async services(who: Actor, query = '') {
      const all: unknown[] = [];
      let cursor: string | null = null;
      do {
        const res = await log.get(`/api/services?limit=1000${query ? `&${query}` : ''}${cursor ? `&cursor=${cursor}` : ''}`, who);
        if (res.status !== 200) throw new Error(`services failed: ${res.status} ${JSON.stringify(res.body)}`);
        all.push(...res.body);
        cursor = res.headers.get('x-next-cursor');
      } while (cursor);
      return all as { id: string; itemId: string; projectId: string; type: string; label: string; selected: boolean; cost: string; itemName: string; projectName: string }[];
    },
    /** Waits until logistics shows `who` exactly `count` services of a project. */
    async servicesOf(who: Actor, projectId: string, count: number, timeoutMs = 5000) {
      return eventually(() => helpers.services(who, `projectId=${projectId}`), (s) => s.length === count, timeoutMs);
    },
  };
  return helpers;
}
