import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { API_DOCS_PATH, buildOpenApiDocument, OPENAPI_PATH } from '@midway/contracts';
import { renderApiDocsPage } from './openapi-docs.page';

/** A fixed body, cacheable for a few minutes and then revalidated by its ETag (a deploy may change it). */
function fixed(type: string, content: string): RequestHandler {
  const etag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
  return (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return void res.status(304).end();
    res.type(type).send(content);
  };
}

/**
 * GET /api/openapi.json and GET /api/docs: the API described once, from the zod contracts, for integrators and
 * the remotes. Public (mounted before the session gate) and built once at start.
 */
export function openapiRoutes(): Router {
  const doc = buildOpenApiDocument();
  const r = Router();
  r.get(OPENAPI_PATH, fixed('application/json', JSON.stringify(doc)));
  r.get(API_DOCS_PATH, fixed('html', renderApiDocsPage(doc, OPENAPI_PATH)));
  return r;
}
