import type { SearchResult } from '@midway/contracts';
import { ApiError, apiJson } from '@midway/ui';

/** Search runs only when the query is longer than 2 characters. */
export const SEARCH_MIN_QUERY_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 250;

export function shouldSearch(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_QUERY_LENGTH;
}

/** GET /api/search?q=. Until the catalog serves search (404) there are simply no results. */
export async function fetchSearchResults(query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  try {
    const results = await apiJson<unknown>('GET', `/api/search?q=${encodeURIComponent(query.trim())}`);
    if (signal?.aborted) return [];
    return Array.isArray(results) ? (results as SearchResult[]) : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
