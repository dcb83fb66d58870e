import type { ItemsSummary, Project } from '@midway/contracts';
import { PREFETCH_GLOBAL, type PrefetchStore } from '@midway/contracts/page-data';
import { itemsApi, type ItemsPageResult } from './items-api';

/** The Items page's first reads (no filters). */
interface FirstReads {
  page: ItemsPageResult;
  summary: ItemsSummary;
  projects: Project[];
}
type Read<T> = { promise: Promise<T>; value?: T };
const reads: { [K in keyof FirstReads]?: Read<FirstReads[K]> } = {};

function start<K extends keyof FirstReads>(key: K, load: () => Promise<FirstReads[K]>) {
  const read: Read<FirstReads[K]> = { promise: load() };
  read.promise.then((v) => (read.value = v), () => undefined); // a failure reaches the query that takes the promise
  (reads as Record<K, Read<FirstReads[K]>>)[key] = read;
}

/**
 * Called from preloadPage('items') while the page's chunks load: takes the answers the shell's first script
 * already asked for (only those: it starts no read of its own) and parses them, so that the page's first render
 * has its rows (initialData) instead of rendering the skeleton and then, some tasks later, the rows.
 */
export function startItemsFirstReads(pageSize: number): void {
  const store = (globalThis as unknown as Record<string, PrefetchStore | undefined>)[PREFETCH_GLOBAL];
  const prefetched = (url: string) => Boolean(store?.[url]);
  // Each load below takes the prefetched answer of its URL (apiRequest → takePrefetched).
  if (prefetched(`/api/items?limit=${pageSize}`)) start('page', () => itemsApi.listItems({}, { limit: pageSize }));
  if (prefetched('/api/items/summary')) start('summary', () => itemsApi.itemsSummary({}));
  if (prefetched('/api/projects')) start('projects', () => itemsApi.listProjects());
}

/** A first read that has arrived, handed out once (as a query's initial data; later mounts read afresh). */
export function takeFirstData<K extends keyof FirstReads>(key: K): FirstReads[K] | undefined {
  const read = reads[key] as Read<FirstReads[K]> | undefined;
  if (!read || read.value === undefined) return undefined;
  delete reads[key];
  return read.value;
}

/** A first read still on its way, handed out once (to the query's first fetch, instead of reading again). */
export function takeFirstPromise<K extends keyof FirstReads>(key: K): Promise<FirstReads[K]> | undefined {
  const read = reads[key] as Read<FirstReads[K]> | undefined;
  if (!read) return undefined;
  delete reads[key];
  return read.promise;
}
