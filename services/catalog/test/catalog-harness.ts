import { randomUUID } from 'node:crypto';
import { eventually as poll, serviceClient, startService, watchEvents, type Actor } from '@midway/testing';
import { catalogService, type Catalog } from '../src';

export type { Catalog } from '../src';
export { ANONYMOUS, actor, announceUser, inviteAndAccept, type Actor } from '@midway/testing';

export const startTestCatalog = () => startService(catalogService);

export function api(base: string | (() => string)) {
  const http = serviceClient(base);
  const { call } = http;
  return {
    ...http,
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
export const watchCatalogEvents = () => watchEvents('catalog.>', 600);

export const eventually = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> => poll(fn, ok, timeoutMs, 100);

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
    /**
     * A photo `who` uploaded, as logistics' upload fact (logistics.photo.uploaded.v1) leaves it in catalog's photos
     * read model: its served path, which `who` may put on an item.
     */
    async uploadedPhoto(who: Actor): Promise<{ key: string; photoUrl: string }> {
      const key = randomUUID();
      await catalog!.db.$executeRaw`INSERT INTO photos (key, owner_id) VALUES (${key}::uuid, ${who.userId}::uuid)`;
      return { key, photoUrl: `/api/photos/${key}` };
    },
  };
}
