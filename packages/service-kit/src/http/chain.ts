import type { IncomingMessage, ServerResponse } from 'node:http';
import parseurl from 'parseurl';
import type { NodeMiddleware } from './request-log.middleware';

/**
 * Several middlewares run as one, in order: one layer of express's router instead of one per middleware
 * (each layer costs a path match, a params pass and, when mounted at a path, a rewrite of req.url and its
 * restore), and runnable without express at all. Semantics stay express's: `next()` goes on, `next(err)`
 * or a throw (or a rejected promise) leaves the chain with the error, a handler that answers does not call
 * `next`.
 */
export function chain<Req extends IncomingMessage, Res extends ServerResponse>(...handlers: ((req: Req, res: Res, next: (err?: unknown) => void) => unknown)[]): (req: Req, res: Res, done: (err?: unknown) => void) => void {
  return (req, res, done) => {
    let i = 0;
    const next = (err?: unknown) => {
      // An error, or express's 'route'/'router' (skip the rest): the chain is left either way.
      if (err !== undefined && err !== null) return done(err);
      const handler = handlers[i++];
      if (!handler) return done();
      try {
        const result = handler(req, res, next);
        if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(undefined, (e: unknown) => done(e ?? new Error('a middleware rejected')));
      } catch (e) {
        done(e);
      }
    };
    next();
  };
}

/** The request's path, without its query: express's `req.path`, on node's own request. */
export const pathOf = (req: IncomingMessage): string => parseurl(req)?.pathname ?? '/';

/** A middleware applied only under a path prefix, as `app.use(prefix, handler)` would (case-insensitive, whole segments), without rewriting req.url. */
export function under(prefix: string, handler: NodeMiddleware): NodeMiddleware {
  const lower = prefix.toLowerCase();
  return (req, res, next) => {
    const path = pathOf(req).toLowerCase();
    if (path === lower || path.startsWith(`${lower}/`)) return handler(req, res, next);
    next();
  };
}
