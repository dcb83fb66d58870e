import { z } from 'zod';
import { NO_NUL } from '../text';
import { SEARCH_MIN_LENGTH, SEARCH_RESULT_TYPES } from '../vocab';

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: `q must be at least ${SEARCH_MIN_LENGTH} characters` })
    .max(200)
    .regex(NO_NUL, { error: 'q must not contain NUL characters' }),
});

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * Set on GET /api/search's answer when a source did not answer in time or failed: the names of those left out
 * (comma-separated), so the results are shown as partial instead of as everything there is.
 */
export const SEARCH_INCOMPLETE_HEADER = 'X-Search-Incomplete';
/** What each of search's sources finds ('Projects and items could not be searched'). */
export const SEARCH_SOURCE_FINDS: Record<string, readonly string[]> = { catalog: ['projects', 'items'], logistics: ['services'] };
