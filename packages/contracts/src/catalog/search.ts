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
