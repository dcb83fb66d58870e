import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { chain, closeServer, connectBus, createApp, createMetrics, finishApp, internalErrorBody, listen, redactUrl, requestContext, under } from '@midway/service-kit';
import { urlsOf, type GatewayConfig } from './config';
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
import { startUpstreams } from './upstream-set';

const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);

/** Composition root of the gateway: security, session gate, API routing, health and the front end. */
export async function startGateway(config: GatewayConfig, logger: Logger, port = config.PORT) {
  const revoked = new RevokedSessions();
  // NATS may still be down: the gateway starts anyway and is not ready until the revocations are replayed.
  const feed = followRevocations(() => connectBus(config.NATS_URL, 'gateway', logger), revoked, logger);
  // Each service's replicas (its URL setting may list several).
  const services = Object.fromEntries(
    (
      [
        ['identity', urlsOf(config.IDENTITY_URL)],
        ['catalog', urlsOf(config.CATALOG_URL)],
        ['logistics', urlsOf(config.LOGISTICS_URL)],
        ['billing', urlsOf(config.BILLING_URL)],
      ] as [ServiceName, string[]][]
    ).filter(([, urls]) => urls.length > 0),
  ) as Partial<Record<ServiceName, string[]>>;

  // Proxied calls are labelled by their route table entry, the gateway's own routes by express's pattern.
  const metrics = createMetrics('gateway', { routeOf: (req) => (isProxied(req) ? routeOf(req)?.prefix : undefined) });
  const upstreams = startUpstreams(services, logger, metrics.registry);
  const urlOf = (service: ServiceName) => () => upstreams.urlOf(service);
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
  const proxy = apiProxy(upstreams.sets, logger, caller, edge, upstreams.metrics);

  const app = createApp({ logger, parseBodies: false, helmet: false, trustProxy: config.TRUST_PROXY_HOPS, requestContext: false });
  app.use(front);
  // Metrics are for Prometheus on the admin port only: the public address does not have them.
  app.get('/metrics', (req, res) => void res.status(404).json({ error: 'not_found', message: 'No route for GET /metrics', requestId: req.id }));
  app.use(openapiRoutes()); // public: /api/openapi.json and /api/docs
  app.use(healthRoutes(services as Record<string, string[]>, feed));
  app.use(searchRoutes({ catalog: urlOf('catalog'), logistics: urlOf('logistics') }, logger));
  app.use(
    staticRoutes({
      root: config.STATIC_ROOT,
      disabledRemotes: list(config.DISABLED_REMOTES),
      logger,
      services: { identity: urlOf('identity'), catalog: urlOf('catalog') },
      config: {
        productName: 'Midway',
        providerName: config.PROVIDER_NAME,
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
  const { server, url, port: actualPort } = await (config.GATEWAY_REUSE_PORT ? listenShared(handle, port, config.HOST) : listen(handle, port, config.HOST)).catch(async (err) => {
    await upstreams.close();
    throw err;
  });
  // A gateway on a free port (tests, several at once) takes a free admin port too.
  const admin = await listen(
    (req, res) => (req.method === 'GET' && req.url?.split('?')[0] === '/metrics' ? metrics.handler(req, res) : sendJson(res, 404, { error: 'not_found', message: 'The admin port serves GET /metrics only.' })),
    port === 0 ? 0 : config.GATEWAY_ADMIN_PORT,
    config.GATEWAY_ADMIN_HOST,
  ).catch(async (err) => {
    await Promise.all([closeServer(server), upstreams.close()]);
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
      await Promise.all([upstreams.close(), feed.stop()]);
    },
  };
}

/**
 * The public port shared with the other gateway replicas on this host (SO_REUSEPORT): each replica binds
 * it and the kernel spreads new connections over the ones alive, so a killed replica costs only its own.
 */
function listenShared(handler: RequestListener, port: number, host: string): Promise<{ server: Server; port: number; url: string }> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen({ port, host, reusePort: true }, () => {
      const actual = (server.address() as AddressInfo).port;
      // As listen() does: outlive a load balancer's idle timeout so a reused socket is never cut mid-request.
      server.keepAliveTimeout = 65_000;
      resolve({ server, port: actual, url: `http://${host}:${actual}` });
    });
  });
}

/** A front middleware failed on a proxied call (none is known to): express's error handler's answer, without express. */
function failed(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger): void {
  logger.error({ err, url: redactUrl(req.url), reqId: req.id }, 'unhandled error');
  if (res.headersSent) return void res.destroy();
  sendJson(res, 500, internalErrorBody(req.id));
}
