import http from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@midway/service-kit';
import { matchRoute, type ServiceName } from './route-table';

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
        xfwd: true,
        proxyTimeout: 30_000,
        timeout: 30_000,
        on: {
          error: (err, req, res) => {
            logger.warn({ err: (err as Error).message, service, url: req.url }, 'upstream unavailable');
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
    return proxy(req, res, next);
  };
}
