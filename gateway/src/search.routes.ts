import { Router } from 'express';
import type { Logger } from 'pino';
import { searchResultSchema, SEARCH_INCOMPLETE_HEADER, SEARCH_MIN_LENGTH, type SearchResult } from '@midway/contracts';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@midway/service-kit';
import { z } from 'zod';
import { PRIVATE_NO_STORE } from './private-answers';

const resultsSchema = z.array(searchResultSchema);

/**
 * GET /api/search: asks every source (catalog for projects and items, logistics for services) in
 * parallel and merges what answers in time. A failing or slow source is logged and left out, never a 500, and named
 * in the answer's X-Search-Incomplete header so the caller shows the results as partial.
 */
export function searchRoutes(sources: Record<string, () => string | undefined>, logger: Logger, timeoutMs = 1500): Router {
  const r = Router();
  r.get('/api/search', async (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
    res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    if (q.length < SEARCH_MIN_LENGTH) return void res.json([]);
    const headers: Record<string, string> = { [IDENTITY_HEADER]: String(req.headers[IDENTITY_HEADER] ?? ''), [REQUEST_ID_HEADER]: String(req.headers[REQUEST_ID_HEADER] ?? '') };
    const answers = await Promise.all(
      Object.entries(sources).map(async ([name, urlOf]): Promise<{ name: string; results: SearchResult[] | null }> => {
        // A replica of the source that is up, asked now: with none at all the source is left out.
        const url = urlOf();
        if (!url) return { name, results: null };
        try {
          const answer = await fetch(`${url}/api/search?q=${encodeURIComponent(q)}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
          if (!answer.ok) throw new Error(`answered ${answer.status}`);
          return { name, results: resultsSchema.parse(await answer.json()) };
        } catch (err) {
          req.log?.warn({ source: name, err: (err as Error).message }, 'search source left out');
          logger.debug({ source: name }, 'search source failed');
          return { name, results: null };
        }
      }),
    );
    const missing = answers.filter((a) => a.results === null).map((a) => a.name);
    if (missing.length) res.setHeader(SEARCH_INCOMPLETE_HEADER, missing.join(','));
    res.json(answers.flatMap((a) => a.results ?? []));
  });
  return r;
}
