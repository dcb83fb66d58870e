import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { chain, closeServer, connectBus, createApp, createMetrics, finishApp, internalErrorBody, listen, redactUrl, requestContext, under } from '@midway/service-kit';
import type { GatewayConfig } from './config';
import { apiCompression } from './api-compression.middleware';
import { apiProxy } from './proxy.middleware';
import { callerFacts, sendJson } from './plain-http';
import { isProxied, routeOf, type ServiceName } from './route-table';
import { followRevocations, RevokedSessions } from './revoked-sessions';
import { bodyLimit, originCheck, securityHeaders } from './security.middleware';
import { sessionGate } from './session.middleware';
import { healthRoutes } from './health.routes';
import { staticRoutes } from './static.routes';
import { searchRoutes } from './search.routes';
import { openapiRoutes } from './openapi.routes';

const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);

/** Composition root of the gateway: security, session gate, API routing, health and the front end. */
export async function startGateway(config: GatewayConfig, logger: Logger, port = config.PORT) {
  const revoked = new RevokedSessions();
  // NATS may still be down: the gateway starts anyway and is not ready until the revocations are replayed.
  const feed = followRevocations(() => connectBus(config.NATS_URL, 'gateway', logger), revoked, logger);
  const services = Object.fromEntries(
    (
      [
        ['identity', config.IDENTITY_URL],
        ['catalog', config.CATALOG_URL],
        ['logistics', config.LOGISTICS_URL],
        ['billing', config.BILLING_URL],
      ] as [ServiceName, string | undefined][]
    ).filter(([, url]) => url),
  ) as Partial<Record<ServiceName, string>>;

  // Proxied calls are labelled by their route table entry, the gateway's own routes by express's pattern.
  const metrics = createMetrics('gateway', { routeOf: (req) => (isProxied(req) ? routeOf(req)?.prefix : undefined) });
  const caller = callerFacts(config.TRUST_PROXY_HOPS);
  const edge = securityHeaders(list(config.IMG_ORIGINS), caller, isProxied);
  // Every request, the gateway's own routes' and the proxied calls alike, goes through this first.
  const front = chain(
    metrics.middleware,
    requestContext(logger),
    ...edge.middleware,
    under(
      '/api',
      chain(
        apiCompression(), // JSON answers by Accept-Encoding, the proxied ones too
        originCheck(list(config.ALLOWED_ORIGINS), caller),
        bodyLimit((req) => routeOf(req)?.bodyLimitBytes ?? config.BODY_LIMIT_BYTES),
      ),
    ),
    sessionGate({ sessionPublicKey: config.SESSION_PUBLIC_KEY, internalPrivateKey: config.INTERNAL_TOKEN_PRIVATE_KEY, revoked, ready: feed.isReady, caller }),
  );
  const proxy = apiProxy(services, logger, caller, edge);

  const app = createApp({ logger, parseBodies: false, helmet: false, trustProxy: config.TRUST_PROXY_HOPS, requestContext: false });
  app.use(front);
  // Metrics are for Prometheus on the admin port only: the public address does not have them.
  app.get('/metrics', (req, res) => void res.status(404).json({ error: 'not_found', message: 'No route for GET /metrics', requestId: req.id }));
  app.use(openapiRoutes()); // public: /api/openapi.json and /api/docs
  app.use(healthRoutes(services as Record<string, string>, feed));
  app.use(searchRoutes({ catalog: services.catalog, logistics: services.logistics }, logger));
  app.use(
    staticRoutes({
      root: config.STATIC_ROOT,
      disabledRemotes: list(config.DISABLED_REMOTES),
      logger,
      services: { identity: services.identity, catalog: services.catalog },
      config: {
        productName: 'Midway',
        supportPhone: config.SUPPORT_PHONE,
        supportEmail: config.SUPPORT_EMAIL,
        supportAddress: config.SUPPORT_ADDRESS,
        stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      },
    }),
  );
  finishApp(app);

  // The proxied calls never enter express: its per-request setup (it swaps the prototypes of req and res)
  // costs as much CPU as the hop itself. They run the same front chain, then the proxy.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!proxy.owns(req)) return void app(req, res);
    front(req, res, (err) => (err ? failed(req, res, err, logger) : proxy.forward(req, res)));
  };
  const { server, url, port: actualPort } = await listen(handle, port, config.HOST);
  // A gateway on a free port (tests, several at once) takes a free admin port too.
  const admin = await listen(
    (req, res) => (req.method === 'GET' && req.url?.split('?')[0] === '/metrics' ? metrics.handler(req, res) : sendJson(res, 404, { error: 'not_found', message: 'The admin port serves GET /metrics only.' })),
    port === 0 ? 0 : config.GATEWAY_ADMIN_PORT,
    config.GATEWAY_ADMIN_HOST,
  ).catch(async (err) => {
    await closeServer(server);
    throw err;
  });
  return {
    url,
    port: actualPort,
    /** The admin listener's address (GET /metrics). */
    adminUrl: admin.url,
    metrics,
    revoked,
    feed,
    async stop() {
      await Promise.all([closeServer(server), closeServer(admin.server)]);
      await Promise.all([proxy.close(), feed.stop()]);
    },
  };
}

/** A front middleware failed on a proxied call (none is known to): express's error handler's answer, without express. */
function failed(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger): void {
  logger.error({ err, url: redactUrl(req.url), reqId: req.id }, 'unhandled error');
  if (res.headersSent) return void res.destroy();
  sendJson(res, 500, internalErrorBody(req.id));
}
