import { SEARCH_INCOMPLETE_HEADER, SEARCH_SOURCE_FINDS, type SearchResult } from '@midway/contracts';
import { ApiError, apiRequest } from '@midway/ui';

/** Search runs only when the query is longer than 2 characters. */
export const SEARCH_MIN_QUERY_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 250;

export function shouldSearch(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_QUERY_LENGTH;
}

/** What one search found, and what could not be searched this time (e.g. ['projects', 'items']). */
export interface SearchAnswer {
  results: SearchResult[];
  notSearched: string[];
}

/**
 * GET /api/search?q=. Until the catalog serves search (404) there are simply no results. A source the gateway left
 * out (it failed or was slow) is named in X-Search-Incomplete, so the dialog says the list is partial.
 */
export async function fetchSearchResults(query: string, signal?: AbortSignal): Promise<SearchAnswer> {
  try {
    const res = await apiRequest('GET', `/api/search?q=${encodeURIComponent(query.trim())}`);
    const results = (await res.json()) as unknown;
    if (signal?.aborted) return { results: [], notSearched: [] };
    const missing = (res.headers.get(SEARCH_INCOMPLETE_HEADER) ?? '').split(',').filter(Boolean);
    return { results: Array.isArray(results) ? (results as SearchResult[]) : [], notSearched: missing.flatMap((source) => SEARCH_SOURCE_FINDS[source] ?? [source]) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { results: [], notSearched: [] };
    throw error;
  }
}

/** 'Projects and items could not be searched just now.' for what a search left out ('Projects, items and services'). */
export function notSearchedMessage(notSearched: readonly string[]): string {
  const what = notSearched.length > 1 ? `${notSearched.slice(0, -1).join(', ')} and ${notSearched.at(-1)}` : (notSearched[0] ?? '');
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be searched just now.`;
}
