import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import vary from 'vary';
import { redactUrl, REQUEST_ID_HEADER } from '@midway/service-kit';
import { isJsonType, sendJson, type CallerFacts } from './plain-http';
import { privateCacheControl } from './private-answers';
import { isProxied, routeOf, type Route, type ServiceName } from './route-table';
import { bufferedBodyOf, type EdgeHeaders } from './security.middleware';
import { ReplicaDownError, type InFlight, type Replica, type UpstreamMetrics, type UpstreamSet } from './upstream-set';

export interface ApiProxy {
  /** Whether the request is for a proxied route (the gateway's own routes, composed ones included, are not). */
  owns(req: IncomingMessage): boolean;
  /** Forwards an owned request to a replica of its service and streams the answer back. */
  forward(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Proxies each /api route to a replica of the service that owns it over undici's connection pools (see
 * upstream-set.ts for which replica); a service that is not configured, or has no replica answering,
 * answers 503. undici's dispatch streams both bodies without a per-request stream object or async
 * resource: about half the CPU per hop of http-proxy over node's http client.
 */
export function apiProxy(
  upstreams: ReadonlyMap<ServiceName, UpstreamSet>,
  logger: Logger,
  caller: CallerFacts,
  edge: Pick<EdgeHeaders, 'owned' | 'useDocumentSet'>,
  metrics?: UpstreamMetrics,
): ApiProxy {
  return {
    owns: isProxied,
    forward: (req, res) => {
      const route = routeOf(req)!;
      const upstream = upstreams.get(route.service);
      if (!upstream) return sendJson(res, 503, { error: 'service_unavailable', message: `The ${route.service} service is not deployed yet.` });
      const body = req.method === 'GET' || req.method === 'HEAD' ? null : (bufferedBodyOf(req) ?? req);
      const exchange = new ProxyHandler(req, res, upstream, { method: req.method as Dispatcher.HttpMethod, path: req.url!, headers: forwardedHeaders(req, route, caller), body }, logger, edge, !route.public, metrics);
      exchange.send();
    },
  };
}

/** A connection that was never made: the replica is not there (killed, not started, its host gone). */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** The connection closed under the request before any answer: a killed replica's kept-alive sockets. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const codeOf = (err: Error) => (err as { code?: string }).code ?? '';

/** Connection-scoped headers (RFC 9110 §7.6.1) stay on their own hop; undici refuses most of them anyway. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

/** The headers the message's Connection header names as its hop's own (RFC 9110 §7.6.1), if any. */
function namedInConnection(headers: { connection?: string | string[] }): Set<string> | undefined {
  const named = headers.connection;
  return typeof named === 'string' && named !== 'keep-alive' && named !== 'close' ? new Set(named.toLowerCase().split(/\s*,\s*/)) : undefined;
}

/** A copy of the caller's headers without its hop's own, what it claimed about forwarding and, unless the route takes them, its cookies. */
/** The Cookie header with only the named cookies, or nothing when it has none of them. */
export function onlyCookies(header: string | string[] | undefined, names: string[]): string | undefined {
  const parts = (Array.isArray(header) ? header.join('; ') : (header ?? '')).split(';').map((p) => p.trim());
  const kept = parts.filter((p) => names.includes(p.slice(0, p.indexOf('='))));
  return kept.length ? kept.join('; ') : undefined;
}

function withoutHopHeaders(headers: IncomingHttpHeaders, keepCookies: Route['forwardsCookies']): Record<string, string | string[]> {
  const listed = namedInConnection(headers);
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name)) continue;
    if (name === 'forwarded' || name.startsWith('x-forwarded-') || (name === 'cookie' && !keepCookies)) continue;
    if (name === 'cookie' && Array.isArray(keepCookies)) {
      const kept = onlyCookies(value, keepCookies);
      if (kept) out[name] = kept;
      continue;
    }
    out[name] = value;
  }
  return out;
}

/**
 * The services believe the gateway's hop only, so the gateway states the caller as it saw it (its
 * req.ip, which counts only the proxies configured in front of it) and drops whatever the client claimed.
 */
function forwardedHeaders(req: IncomingMessage, route: Route, caller: CallerFacts): Record<string, string | string[]> {
  const headers = withoutHopHeaders(req.headers, route.forwardsCookies);
  headers['x-forwarded-for'] = caller.ip(req) ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = caller.protocol(req);
  const host = caller.host(req);
  if (host) headers['x-forwarded-host'] = host;
  return headers;
}

/**
 * One proxied exchange: the service's answer streams to the caller as it arrives, with back-pressure both
 * ways. A request that a replica could not take is sent once more to another replica that is up, when
 * that cannot do it twice: it never left (the connection was refused) and its body can be sent again, or
 * it is a GET or HEAD (safe to repeat) whose connection closed before any answer. A request on a replica
 * found hung (see upstream-set.ts) is answered 503 then rather than left waiting.
 */
class ProxyHandler implements Dispatcher.DispatchHandler, InFlight {
  private controller: Dispatcher.DispatchController | undefined;
  private replica: Replica | undefined;
  private retried = false;
  /** When it was sent to its replica: the upstream set counts it as unanswered after a while of silence. */
  sentAt = 0;
  /** The caller has its answer (or was cut off): whatever the replica still does is not theirs any more. */
  private settled = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly upstream: UpstreamSet,
    private readonly request: Dispatcher.DispatchOptions,
    private readonly logger: Logger,
    private readonly edge: Pick<EdgeHeaders, 'owned' | 'useDocumentSet'>,
    /** The answer is the signed-in caller's own: no shared cache, and no back button on a shared computer, may reuse it. */
    private readonly callersOwn: boolean,
    private readonly metrics: UpstreamMetrics | undefined,
  ) {
    // The caller hung up: stop the service's work on its behalf too.
    res.once('close', () => {
      if (!res.writableFinished) this.controller?.abort(new Error('the caller closed the connection'));
    });
  }

  /** Dispatches to the next replica that is up (never the one that just failed), or answers 503 when there is none. */
  send(): void {
    // A lone replica that is still up gets the retry itself: its connection closed, its process did not.
    const replica = this.upstream.pick(this.replica) ?? (this.replica?.up ? this.replica : undefined);
    if (!replica) {
      this.logger.warn({ service: this.upstream.service, url: redactUrl(this.req.url) }, 'upstream unavailable: no replica is up');
      return this.unavailable();
    }
    this.replica = replica;
    this.controller = undefined;
    this.sentAt = Date.now();
    replica.inFlight.add(this);
    replica.dispatcher.dispatch(this.request, this);
  }

  giveUp(reason: Error): void {
    if (this.controller) return this.controller.abort(reason); // onResponseError answers
    // Still queued for a connection: answer now, and drop the request if it ever starts.
    this.finish();
    this.fail(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.res.destroyed || this.settled) controller.abort(new Error('the caller closed the connection'));
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // 100 Continue and the like belong to the upstream hop
    this.upstream.answered(this.replica!);
    const { res, edge } = this;
    // The front chain gave the API's headers; anything but JSON (a page, a photo, a PDF, or a 304 that
    // refreshes a cached page's headers) gets the document's.
    if (!isJsonType(headers['content-type'])) edge.useDocumentSet(res);
    const listed = namedInConnection(headers);
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name) || edge.owned.has(name)) continue;
      // The gateway's own Vary (Accept-Encoding) and the service's both hold: merged, not replaced.
      if (name === 'vary' && res.hasHeader('vary')) vary(res, Array.isArray(value) ? value.join(', ') : value);
      else res.setHeader(name, value);
    }
    if (this.callersOwn) res.setHeader('Cache-Control', privateCacheControl(headers['cache-control']));
    res.writeHead(statusCode);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.upstream.answered(this.replica!);
    // A slow caller: the service's answer waits upstream until the caller's socket drains.
    if (!this.res.write(chunk)) {
      controller.pause();
      this.res.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    this.finish();
    this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    const replica = this.replica!;
    if (this.settled) return;
    this.finish();
    if (this.res.destroyed) return; // the caller left first: nothing to tell
    const code = codeOf(err);
    if (CONNECT_FAILURES.has(code)) this.upstream.refused(replica, err);
    if (!this.res.headersSent && this.mayRetry(err, code)) {
      this.retried = true;
      this.settled = false;
      this.metrics?.retries.inc({ upstream_service: this.upstream.service });
      this.logger.info({ err: err.message, service: this.upstream.service, replica: replica.url, url: redactUrl(this.req.url) }, 'upstream request sent again');
      return this.send();
    }
    this.fail(err);
  }

  private mayRetry(err: Error, code: string): boolean {
    if (this.retried || err instanceof ReplicaDownError) return false;
    const { body } = this.request;
    const neverSent = this.controller === undefined && CONNECT_FAILURES.has(code);
    // A streamed body the first attempt never read is still whole; one it read is spent.
    const replayable = body === null || Buffer.isBuffer(body) || (body === this.req && !this.req.readableDidRead);
    if (neverSent && replayable) return true;
    return (this.request.method === 'GET' || this.request.method === 'HEAD') && (neverSent || CONNECTION_LOST.has(code));
  }

  private finish(): void {
    this.settled = true;
    this.replica?.inFlight.delete(this);
  }

  private fail(err: Error): void {
    const { req, res } = this;
    if (res.destroyed) return;
    this.logger.warn({ err: err.message, service: this.upstream.service, replica: this.replica?.url, url: redactUrl(req.url) }, 'upstream unavailable');
    // Part of the answer already went out: all that can be said now is that it is cut short.
    if (res.headersSent) return void res.destroy(err);
    this.unavailable();
  }

  private unavailable(): void {
    const { req, res, upstream } = this;
    this.settled = true;
    if (res.destroyed || res.headersSent) return;
    this.metrics?.unavailable.inc({ upstream_service: upstream.service });
    sendJson(res, 503, { error: 'service_unavailable', message: `The ${upstream.service} service is not answering. Please try again shortly.`, requestId: req.headers[REQUEST_ID_HEADER] });
  }
}
