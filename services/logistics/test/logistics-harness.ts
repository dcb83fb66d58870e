import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort, startObjectStore, type RunningObjectStore } from '@midway/infra';
import { catalogService, type Catalog } from '@midway/catalog';
import { eventually, inviteAndAccept, inviteAndAcceptVerified, quietLogger, serviceClient, serviceTestConfig, startService, testEnv, watchEvents as watch, type Actor } from '@midway/testing';
import { logisticsService, startLogistics, type Logistics } from '../src';
import type { Clock } from '../src/domain/inspection-due';

export type { Logistics } from '../src';
export { ANONYMOUS, actor, eventually, type Actor } from '@midway/testing';

/** Logistics on a free port; with `clock`, the receiving desk reads the time from it. */
export const startTestLogistics = (overrides: Record<string, string> = {}, clock?: Clock) =>
  clock ? startLogistics(serviceTestConfig(logisticsService, overrides), quietLogger('logistics'), 0, { clock }) : startService(logisticsService, overrides);

export const client = (base: () => string) => serviceClient(base);

/** Collects events of a domain from now on (core NATS subscription). */
export const watchEvents = (subject = 'logistics.>') => watch(subject);

/**
 * Catalog and logistics for the test file, as in production: catalog's API makes projects, members and
 * items, its events reach logistics over NATS, and logistics' API answers from its own read model.
 * `logisticsEnv` gives logistics settings of the test's own (an SMTP server it controls).
 */
export function usePlatform(opts: { objectStore?: boolean; clock?: Clock; logisticsEnv?: () => Promise<Record<string, string>> } = {}) {
  let catalog: Catalog | undefined;
  let logistics: Logistics | undefined;
  let store: RunningObjectStore | undefined;
  beforeAll(async () => {
    // The S3 endpoint as the platform runs it: s3rver in process, which verifies SigV4 like MinIO.
    if (opts.objectStore) store = await startObjectStore({ dir: path.join(testEnv().tmpDir, `s3-${randomUUID()}`), port: await freePort() });
    const s3: Record<string, string> = store ? { S3_ENDPOINT: store.endpoint, S3_ACCESS_KEY: store.accessKey, S3_SECRET_KEY: store.secretKey, S3_BUCKET: store.bucket } : {};
    const env = { ...s3, ...(await opts.logisticsEnv?.()) };
    [catalog, logistics] = await Promise.all([startService(catalogService), startTestLogistics(env, opts.clock)]);
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
    /** The S3 endpoint of usePlatform({ objectStore: true }). */
    get objectStore() {
      return store!;
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
    /** Brings `who` onto the project as people join one: the owner invites their address and they accept. */
    async inviteAndAccept(owner: Actor, projectId: string, who: Actor, role: 'member' | 'viewer' = 'member') {
      await helpers.known(who);
      await inviteAndAccept(cat, owner, projectId, who, role);
    },
    /** Like inviteAndAccept, but accepted as a verified address is (no wait for the e-mail): for fixtures made by the hundred. */
    async inviteAndAcceptVerified(owner: Actor, projectId: string, who: Actor, role: 'member' | 'viewer' = 'member') {
      await catalog!.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, email_verified, updated_at) VALUES (${who.userId}::uuid, ${who.email}, 'Test', ${who.role}, ${who.role}, true, now()) ON CONFLICT (id) DO UPDATE SET email_verified = true`;
      await inviteAndAcceptVerified(cat, owner, projectId, who, role);
    },
    async removeMember(owner: Actor, projectId: string, who: Actor) {
      const res = await cat.del(`/api/projects/${projectId}/members/${who.userId}`, owner);
      if (res.status !== 204) throw new Error(`member remove failed: ${res.status} ${JSON.stringify(res.body)}`);
    },
    /**
     * An item of the project in the warehouse's custody, as it gets there: it arrives at the receiving desk (`staff`
     * records it, with its pieces) and, given a location code, is put away there by scan (the location is made when
     * missing). Answered once logistics holds it.
     */
    async heldItem(who: Actor, projectId: string, staff: Actor, opts: { name?: string; pieces?: number; locationCode?: string } = {}) {
      const item = await helpers.item(who, projectId, { name: opts.name ?? `Held ${randomUUID().slice(0, 6)}`, ...(opts.pieces ? { pieces: opts.pieces } : {}) });
      await eventually(() => logistics!.db.$queryRaw<{ pieces: number }[]>`SELECT pieces FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]?.pieces === (opts.pieces ?? 1), 20_000);
      const arrived = await log.post('/api/receiving/arrivals', staff, { code: `1Z${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`, itemId: item.id, ...(opts.pieces ? { pieces: opts.pieces } : {}) });
      if (arrived.status !== 201) throw new Error(`arrival failed: ${arrived.status} ${JSON.stringify(arrived.body)}`);
      if (opts.locationCode) {
        const made = await log.post('/api/warehouse/locations', staff, { code: opts.locationCode, name: `Bay ${opts.locationCode}`, kind: 'bin' });
        if (made.status !== 201 && made.status !== 409) throw new Error(`location create failed: ${made.status} ${JSON.stringify(made.body)}`);
        const moved = await log.post('/api/warehouse/moves', staff, { itemId: item.id, locationCode: opts.locationCode });
        if (moved.status !== 200) throw new Error(`put-away failed: ${moved.status} ${JSON.stringify(moved.body)}`);
      }
      return item;
    },
    /** Staff pick the run and scan every piece of each of its items onto the truck: its deliveries may go out. */
    async loadRun(staff: Actor, runId: string) {
      const list = await log.get(`/api/delivery-runs/${runId}/pick-list`, staff);
      if (list.status !== 200) throw new Error(`pick list failed: ${list.status} ${JSON.stringify(list.body)}`);
      for (const entry of list.body.items as { itemId: string; piecesExpected: number; piecesReceived: number }[]) {
        for (let piece = 1; piece <= Math.max(entry.piecesExpected, entry.piecesReceived); piece++) {
          const loaded = await log.post(`/api/delivery-runs/${runId}/load`, staff, { code: `${entry.itemId}/${piece}` });
          if (loaded.status !== 200) throw new Error(`load failed: ${loaded.status} ${JSON.stringify(loaded.body)}`);
        }
      }
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
    // Waits for logistics to catch up, not a latency check (the 1 s goals are asserted on their own): the first
    // logistics consumer of a full run replays every catalog event the earlier suites published.
    async servicesOf(who: Actor, projectId: string, count: number, timeoutMs = 20_000) {
      return eventually(() => helpers.services(who, `projectId=${projectId}`), (s) => s.length === count, timeoutMs);
    },
  };
  return helpers;
}
