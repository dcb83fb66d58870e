import http from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { redactUrl, REQUEST_ID_HEADER } from '@midway/service-kit';
import { matchRoute, type ServiceName } from './route-table';
import { bufferedBodyOf } from './security.middleware';

const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 30_000 });

/** Proxies each /api route to the service that owns it; a service that is not configured answers 503. */
export function apiProxy(targets: Partial<Record<ServiceName, string>>, logger: Logger): RequestHandler {
  const proxies = new Map<ServiceName, RequestHandler>();
  for (const [service, target] of Object.entries(targets) as [ServiceName, string | undefined][]) {
    if (!target) continue;
    proxies.set(
      service,
      createProxyMiddleware({
        target,
        agent,
        // X-Forwarded-* are written by forwardedHeaders, not appended to what the client sent.
        xfwd: false,
        proxyTimeout: 30_000,
        timeout: 30_000,
        on: {
          proxyReq: (proxyReq, req) => {
            const body = bufferedBodyOf(req);
            if (body) proxyReq.end(body);
          },
          error: (err, req, res) => {
            logger.warn({ err: (err as Error).message, service, url: redactUrl((req as http.IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url) }, 'upstream unavailable');
            const out = res as http.ServerResponse;
            if (!out.headersSent && 'writeHead' in out) {
              out.writeHead(503, { 'content-type': 'application/json' });
              out.end(JSON.stringify({ error: 'service_unavailable', message: `The ${service} service is not answering. Please try again shortly.`, requestId: (req as http.IncomingMessage).headers[REQUEST_ID_HEADER] }));
            }
          },
        },
      }) as RequestHandler,
    );
  }
  return (req, res, next) => {
    const route = matchRoute(req.path);
    if (!route || route.composed) return next();
    const proxy = proxies.get(route.service);
    if (!proxy) {
      return void res.status(503).json({ error: 'service_unavailable', message: `The ${route.service} service is not deployed yet.` });
    }
    forwardedHeaders(req);
    return proxy(req, res, next);
  };
}

/**
 * The services believe the gateway's hop only, so the gateway states the caller as it saw it (req.ip,
 * which counts only the proxies configured in front of it) and drops whatever the client claimed.
 */
function forwardedHeaders(req: Request): void {
  // req.ip and req.protocol read the headers lazily: take them before the client's are dropped.
  const [ip, proto, host] = [req.ip ?? req.socket.remoteAddress ?? '', req.protocol, req.host];
  for (const name of Object.keys(req.headers)) if (name.startsWith('x-forwarded-') || name === 'forwarded') delete req.headers[name];
  req.headers['x-forwarded-for'] = ip;
  req.headers['x-forwarded-proto'] = proto;
  if (host) req.headers['x-forwarded-host'] = host;
}
