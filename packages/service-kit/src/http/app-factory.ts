import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { HttpError } from '../errors';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { chain } from './chain';
import { constantHeaders } from './constant-headers';
import { noteBodyDigest } from './idempotency.middleware';
import { lazyRequestLogger, requestLog, serializeRequest, type NodeMiddleware } from './request-log.middleware';
import { wellFormedUrls } from './well-formed-url';
import { withRequestId } from '../request-context';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface AppOptions {
  logger: Logger;
  /** Largest JSON or form body accepted, e.g. '100kb'. */
  bodyLimit?: string;
  /**
   * Whose X-Forwarded-* to believe. Services (`'gateway-hop'`, the default): one hop only, and only when it
   * comes from a loopback or private address — the gateway, which overwrites what a client sent. The
   * gateway itself: the number of proxies (load balancers) in front of it, 0 when it is the edge.
   */
  trustProxy?: 'gateway-hop' | number;
  /** The gateway streams bodies through untouched. */
  parseBodies?: boolean;
  /** Helmet defaults for JSON APIs; the gateway sets its own CSP. */
  helmet?: boolean;
  /** Paths whose body is kept as the exact bytes (a Buffer in req.body): signed webhooks are verified over them. */
  rawBodyPaths?: string[];
  /** False: the caller runs `requestContext` itself, ahead of the app (the gateway, whose proxied calls skip express). */
  requestContext?: boolean;
}

/**
 * An express app with the platform's defaults: security headers, request ids carried from the gateway,
 * structured request logs, body-size limits, and JSON bodies on every error. Mount routes, then call
 * `finishApp` to add the 404 and error handlers.
 */
export function createApp({ logger, bodyLimit = '100kb', trustProxy = 'gateway-hop', parseBodies = true, helmet: useHelmet = true, rawBodyPaths = [], requestContext: withContext = true }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy === 'gateway-hop' ? trustGatewayHop : trustProxy > 0 ? trustProxy : false);
  // Not helmet's default no-referrer: with it, browsers send `Origin: null` on same-origin form posts,
  // which the gateway's cross-site guard must refuse. No HSTS here: one policy, set by the gateway, which
  // knows whether the browser reached it over https.
  if (useHelmet) app.use(constantHeaders(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false, referrerPolicy: { policy: 'strict-origin-when-cross-origin' } })));
  lazyRequestLogger(app, logger);
  if (withContext) app.use(requestContext(logger));
  // API calls only: a page address with a stray % still gets the app, which shows its own not-found page.
  app.use('/api', wellFormedUrls);
  if (parseBodies) {
    // Read first, whatever the content type: the JSON parser then finds the body consumed and leaves it.
    for (const p of rawBodyPaths) app.use(p, express.raw({ type: () => true, limit: bodyLimit }));
    app.use(express.json({ limit: bodyLimit, verify: noteSurrogateEscapes }));
    app.use(wellFormedStrings);
    app.use(express.urlencoded({ extended: false, limit: bodyLimit, verify: (req, _res, buf) => noteBodyDigest(req, buf) }));
    // Body parsing continues from the socket's stream events: the routes run in the request's context again.
    app.use((req, _res, next) => withRequestId(req.id, next));
  }
  return app;
}

const privateNetworks = new BlockList();
for (const [net, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) privateNetworks.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) privateNetworks.addSubnet(net, prefix, 'ipv6');

/** The socket's own address is hop 0: trust its X-Forwarded-For only if it is the gateway on a private network. */
function trustGatewayHop(addr: string, hop: number): boolean {
  if (hop !== 0) return false;
  const v4 = addr.startsWith('::ffff:') ? addr.slice(7) : addr;
  return isIPv6(v4) ? privateNetworks.check(v4, 'ipv6') : privateNetworks.check(v4, 'ipv4');
}

/**
 * JSON can carry a lone UTF-16 surrogate as an escape ("\ud800") that no UTF-8 text can hold: Postgres
 * stores it as U+FFFD in a text parameter but refuses it inside json, so one value could be stored two
 * ways, or fail with a 500. Such strings are made well-formed once, here, as Postgres would store them.
 *
 * Nesting deeper than MAX_JSON_DEPTH is refused with a 400: no contract needs it, and recursive code
 * (this repair once, JSON.stringify of an answer that echoes the input) overflowed the stack on it, as a 500
 * — once after a bulk import had committed. The walk below is iterative. Only bodies whose raw text has a
 * surrogate escape, or more brackets than the depth limit, are walked.
 */
export const MAX_JSON_DEPTH = 32;
const flags = (req: IncomingMessage) => req as IncomingMessage & { surrogateEscapes?: boolean; mayBeDeep?: boolean };
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const noteSurrogateEscapes = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
  noteBodyDigest(req, buf);
  if (buf.includes('\\u') && SURROGATE_ESCAPE.test(buf.toString('latin1'))) flags(req).surrogateEscapes = true;
  flags(req).mayBeDeep = hasMoreBrackets(buf, MAX_JSON_DEPTH);
};
/** Whether the text has more than `n` opening brackets (with fewer, it cannot nest deeper than `n`). */
function hasMoreBrackets(buf: Buffer, n: number): boolean {
  let seen = 0;
  for (const bracket of [0x5b, 0x7b]) {
    for (let at = buf.indexOf(bracket); at !== -1; at = buf.indexOf(bracket, at + 1)) if (++seen > n) return true;
  }
  return false;
}
/** Without recursion: refuses nesting deeper than MAX_JSON_DEPTH and, with `repair`, makes strings well-formed in place. */
function checkJson(body: unknown, repair: boolean): unknown {
  if (typeof body === 'string') return repair ? body.toWellFormed() : body;
  if (!body || typeof body !== 'object') return body;
  const stack: [Record<string, unknown> | unknown[], number][] = [[body as Record<string, unknown>, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) throw new HttpError(400, 'too_deep', `JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and lists`);
    // Lists by index (a 10,000-row import walks in about a millisecond), objects by key (JSON.parse makes plain ones).
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          if (repair) node[i] = v.toWellFormed();
        } else if (v && typeof v === 'object') stack.push([v as Record<string, unknown>, depth + 1]);
      }
      continue;
    }
    for (const key in node) {
      const v = node[key];
      if (typeof v === 'string') {
        if (repair) node[key] = v.toWellFormed();
      } else if (v && typeof v === 'object') stack.push([v as Record<string, unknown>, depth + 1]);
      const fixed = repair ? key.toWellFormed() : key;
      if (fixed !== key) {
        node[fixed] = node[key];
        delete node[key];
      }
    }
  }
  return body;
}
const wellFormedStrings: RequestHandler = (req, _res, next) => {
  const { surrogateEscapes = false, mayBeDeep = false } = flags(req);
  try {
    if (surrogateEscapes || mayBeDeep) req.body = checkJson(req.body, surrogateEscapes);
    next();
  } catch (err) {
    next(err);
  }
};

export function finishApp(app: Express): Express {
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/** The request id and the access log, first on every request; probes (/healthz, /readyz) are not logged. */
export function requestContext(logger: Logger): NodeMiddleware {
  return chain(requestId(), requestLog(logger, (url) => url === '/healthz' || url === '/readyz'));
}

function requestId(): NodeMiddleware {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    withRequestId(id, next);
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ error: 'not_found', message: `No route for ${req.method} ${req.path}`, requestId: req.id });
};

/** The answer to an error nobody foresaw: the same words wherever it is sent from. */
export const internalErrorBody = (requestId: string | undefined) => ({ error: 'internal', message: 'Something went wrong on our side. Please try again.', requestId });

export const databaseUnavailableBody = (requestId: string | undefined) => ({
  error: 'service_unavailable',
  message: 'Midway cannot reach its database just now (it may be restarting). Please try again in a moment.',
  requestId,
});

/** Maps every error to JSON; stack traces and internal messages never leave the process. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const requestId = req.id;
  if (err instanceof HttpError) {
    res.status(err.status).json({ error: err.code, message: err.message, details: err.details, requestId });
    return;
  }
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // body-parser errors: malformed JSON, body too large, bad charset.
    const message =
      err.type === 'entity.parse.failed'
        ? 'Malformed JSON body'
        : err.type === 'entity.too.large'
          ? `Request body is too large (limit ${err.limit} bytes)`
          : String(err.expose ? err.message : 'Bad request');
    const code = err.type === 'entity.parse.failed' ? 'malformed_json' : err.type === 'entity.too.large' ? 'payload_too_large' : 'bad_request';
    res.status(status).json({ error: code, message, requestId });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    // PostgreSQL restarting or failing over: the request did not happen and a retry soon will work.
    req.log.warn({ err: (err as Error)?.message, req: serializeRequest(req) }, 'database unavailable');
    res.setHeader('Retry-After', '1');
    res.status(503).json(databaseUnavailableBody(requestId));
    return;
  }
  req.log.error({ err, req: serializeRequest(req) }, 'unhandled error');
  res.status(500).json(internalErrorBody(requestId));
};
