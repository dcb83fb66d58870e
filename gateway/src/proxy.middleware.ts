import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { Pool, type Dispatcher } from 'undici';
import vary from 'vary';
import { redactUrl, REQUEST_ID_HEADER } from '@midway/service-kit';
import { isJsonType, sendJson, type CallerFacts } from './plain-http';
import { privateCacheControl } from './private-answers';
import { isProxied, routeOf, type Route, type ServiceName } from './route-table';
import { bufferedBodyOf, type EdgeHeaders } from './security.middleware';

/** No answer's headers within this long, or this long between two chunks of one: the service is not answering. */
const UPSTREAM_TIMEOUT_MS = 30_000;
/**
 * A service that is down answers 503 within seconds: a killed one refuses at once, and one whose host is
 * gone (no refusal, just silence) is given up on after this, well under undici's 10 s default.
 */
const CONNECT_TIMEOUT_MS = 2_000;

export interface ApiProxy {
  /** Whether the request is for a proxied route (the gateway's own routes, composed ones included, are not). */
  owns(req: IncomingMessage): boolean;
  /** Forwards an owned request to its service and streams the answer back. */
  forward(req: IncomingMessage, res: ServerResponse): void;
  /** Closes the kept-alive connections to the services. */
  close(): Promise<void>;
}

/**
 * Proxies each /api route to the service that owns it over undici's connection pools; a service that is not
 * configured, or not answering, answers 503. undici's dispatch streams both bodies without a per-request
 * stream object or async resource: about half the CPU per hop of http-proxy over node's http client.
 */
export function apiProxy(targets: Partial<Record<ServiceName, string>>, logger: Logger, caller: CallerFacts, edge: Pick<EdgeHeaders, 'owned' | 'useDocumentSet'>): ApiProxy {
  const pools = new Map<ServiceName, Pool>();
  for (const [service, target] of Object.entries(targets) as [ServiceName, string | undefined][]) {
    if (target) pools.set(service, new Pool(target, { connections: 256, keepAliveTimeout: 30_000, connect: { timeout: CONNECT_TIMEOUT_MS }, headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS }));
  }
  return {
    owns: isProxied,
    forward: (req, res) => {
      const route = routeOf(req)!;
      const pool = pools.get(route.service);
      if (!pool) return sendJson(res, 503, { error: 'service_unavailable', message: `The ${route.service} service is not deployed yet.` });
      const body = req.method === 'GET' || req.method === 'HEAD' ? null : (bufferedBodyOf(req) ?? req);
      const handler = new ProxyHandler(req, res, route.service, logger, edge, !route.public);
      pool.dispatch({ method: req.method as Dispatcher.HttpMethod, path: req.url!, headers: forwardedHeaders(req, route, caller), body }, handler);
    },
    close: async () => void (await Promise.all([...pools.values()].map((p) => p.close()))),
  };
}

/** Connection-scoped headers (RFC 9110 §7.6.1) stay on their own hop; undici refuses most of them anyway. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

/** The headers the message's Connection header names as its hop's own (RFC 9110 §7.6.1), if any. */
function namedInConnection(headers: { connection?: string | string[] }): Set<string> | undefined {
  const named = headers.connection;
  return typeof named === 'string' && named !== 'keep-alive' && named !== 'close' ? new Set(named.toLowerCase().split(/\s*,\s*/)) : undefined;
}

/** A copy of the caller's headers without its hop's own, what it claimed about forwarding and, unless the route takes them, its cookies. */
function withoutHopHeaders(headers: IncomingHttpHeaders, keepCookies: boolean): Record<string, string | string[]> {
  const listed = namedInConnection(headers);
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name)) continue;
    if (name === 'forwarded' || name.startsWith('x-forwarded-') || (name === 'cookie' && !keepCookies)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * The services believe the gateway's hop only, so the gateway states the caller as it saw it (its
 * req.ip, which counts only the proxies configured in front of it) and drops whatever the client claimed.
 */
function forwardedHeaders(req: IncomingMessage, route: Route, caller: CallerFacts): Record<string, string | string[]> {
  const headers = withoutHopHeaders(req.headers, route.forwardsCookies === true);
  headers['x-forwarded-for'] = caller.ip(req) ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = caller.protocol(req);
  const host = caller.host(req);
  if (host) headers['x-forwarded-host'] = host;
  return headers;
}

/** One proxied exchange: the service's answer streams to the caller as it arrives, with back-pressure both ways. */
class ProxyHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly service: ServiceName,
    private readonly logger: Logger,
    private readonly edge: Pick<EdgeHeaders, 'owned' | 'useDocumentSet'>,
    /** The answer is the signed-in caller's own: no shared cache, and no back button on a shared computer, may reuse it. */
    private readonly callersOwn: boolean,
  ) {
    // The caller hung up: stop the service's work on its behalf too.
    res.once('close', () => {
      if (!res.writableFinished) this.controller?.abort(new Error('the caller closed the connection'));
    });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.res.destroyed) controller.abort(new Error('the caller closed the connection'));
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // 100 Continue and the like belong to the upstream hop
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
    // A slow caller: the service's answer waits upstream until the caller's socket drains.
    if (!this.res.write(chunk)) {
      controller.pause();
      this.res.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    const { req, res, service } = this;
    if (res.destroyed) return; // the caller left first: nothing to tell
    this.logger.warn({ err: err.message, service, url: redactUrl(req.url) }, 'upstream unavailable');
    // Part of the answer already went out: all that can be said now is that it is cut short.
    if (res.headersSent) return void res.destroy(err);
    sendJson(res, 503, { error: 'service_unavailable', message: `The ${service} service is not answering. Please try again shortly.`, requestId: req.headers[REQUEST_ID_HEADER] });
  }
}
