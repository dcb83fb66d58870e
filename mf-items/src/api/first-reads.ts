import type { ItemsSummary, Project } from '@midway/contracts';
import { createFirstReads } from '@midway/ui';
import { itemsApi, type ItemsPageResult } from './items-api';

/** The Items page's first reads (no filters). */
const reads = createFirstReads<{ page: ItemsPageResult; summary: ItemsSummary; projects: Project[] }>();

/**
 * Called from preloadPage('items') while the page's chunks load: takes the answers the shell's first script
 * already asked for (only those: it starts no read of its own) and parses them, so that the page's first render
 * has its rows (initialData) instead of rendering the skeleton and then, some tasks later, the rows.
 */
export function startItemsFirstReads(pageSize: number): void {
  // Each load below takes the prefetched answer of its URL (apiRequest → takePrefetched).
  reads.startIfPrefetched('page', `/api/items?limit=${pageSize}`, () => itemsApi.listItems({}, { limit: pageSize }));
  reads.startIfPrefetched('summary', '/api/items/summary', () => itemsApi.itemsSummary({}));
  reads.startIfPrefetched('projects', '/api/projects', () => itemsApi.listProjects());
}

export const takeFirstData = reads.takeData;
export const takeFirstPromise = reads.takePromise;
export const firstReadsSettled = reads.settled;
