import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import pino, { type Logger } from 'pino';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id), carried from the gateway or made here. */
    id: string;
    /** A logger whose lines carry the request id. */
    log: Logger;
  }
}

/** Bearer secrets in URLs (the public share link, an e-mailed invitation’s or pay link, a reset link’s `token=`): never written to a log. */
const SECRET_SEGMENT = /^((?:https?:\/\/[^/]+)?(?:\/api\/shared\/projects\/|\/client\/|\/invitations\/|\/api\/invitations\/link\/|\/pay\/|\/api\/pay\/))[^/?#]+/;
const SECRET_QUERY = /([?&]token=)[^&#]*/g;
export const redactUrl = (url: string | undefined): string | undefined => url?.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

/**
 * The request as a log line shows it (pino's standard fields), without the secrets its URL or Referer may
 * carry; the logger's own redaction drops the cookie, authorization and identity headers.
 */
export function serializeRequest(req: IncomingMessage): Record<string, unknown> {
  const out = pino.stdSerializers.req(req) as unknown as { url?: string; params?: Record<string, string>; query?: Record<string, unknown>; headers?: Record<string, unknown> };
  // The serialized request shares its objects with the live one: replace them, never mutate.
  out.url = redactUrl(out.url);
  if (out.params?.token) out.params = { ...out.params, token: '[redacted]' };
  if (out.query?.token) out.query = { ...out.query, token: '[redacted]' };
  // A page whose URL holds a token sends it on as the Referer of its own requests.
  if (typeof out.headers?.referer === 'string') out.headers = { ...out.headers, referer: redactUrl(out.headers.referer) };
  return out as Record<string, unknown>;
}

const levelOf = (res: ServerResponse) => (res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info');

/** The plain node signature of a middleware: express's handlers are these too, and these run without express. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * `req.log` on an express app's requests: a child logger bound to the request id, made only when a handler
 * first uses it (per request, pino-http built two child loggers and serialized the request up front, a
 * visible share of the gateway's CPU).
 */
export function lazyRequestLogger(app: Express, logger: Logger): void {
  const childOf = new WeakMap<IncomingMessage, Logger>();
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: IncomingMessage) {
      let log = childOf.get(this);
      if (!log) childOf.set(this, (log = logger.child({ reqId: this.id })));
      return log;
    },
  });
}

/**
 * One access-log line per request, written when the answer is done (or the caller left), with the request
 * id (`req.id`, set by requestId before this), the request, the status and the time taken. Nothing is
 * serialized for a line the level drops.
 */
export function requestLog(logger: Logger, quiet: (url: string) => boolean): NodeMiddleware {
  return (req, res, next) => {
    if (quiet(req.url ?? '')) return next();
    const started = performance.now();
    // 'close' comes once per answer: after it was sent, or when the connection went first.
    res.once('close', () => {
      const level = levelOf(res);
      if (!logger.isLevelEnabled(level)) return;
      const line = { reqId: req.id, req: serializeRequest(req), res: pino.stdSerializers.res(res), responseTime: Math.round(performance.now() - started) };
      const msg = level === 'error' ? 'request errored' : res.writableFinished ? 'request completed' : 'request aborted';
      logger[level](line, msg);
    });
    next();
  };
}
