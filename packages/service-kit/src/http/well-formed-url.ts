import type { RequestHandler } from 'express';
import { badRequest } from '../errors';

/** `%` not followed by two hex digits, or a sequence that is not UTF-8: what decodeURIComponent refuses. */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an address may not carry, checked once before any route reads it: a NUL (`%00`, which no id, token or
 * search holds and which Postgres refuses in text) and percent-encoding that does not decode (`%E0%A4%A`), in the
 * path or the query. Express decodes a query leniently (a broken value reaches the route as typed), so without
 * this the same broken address is a 400 in a path and a search for `%E0%A4%A` in a query.
 */
export function urlProblem(url: string): string | null {
  if (url.includes('\0') || /%00/i.test(url)) return 'The address must not contain NUL characters (%00).';
  const q = url.indexOf('?');
  const [pathPart, query] = q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
  if (!decodes(pathPart)) return 'The address path is not valid percent-encoding: encode each character as UTF-8 (%XX for each byte).';
  for (const pair of query.split('&')) if (!decodes(pair.replace(/\+/g, ' '))) return `The query parameter ${JSON.stringify(pair.split('=')[0]!.slice(0, 50))} is not valid percent-encoding: encode each character as UTF-8 (%XX for each byte).`;
  return null;
}

/** Refuses (400 bad_request) a request whose address urlProblem finds wrong. */
export const wellFormedUrls: RequestHandler = (req, _res, next) => {
  const problem = urlProblem(req.originalUrl ?? req.url);
  next(problem ? badRequest(problem) : undefined);
};
