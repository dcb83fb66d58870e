import type { Logger } from 'pino';
import { closeServer, connectBus, createApp, finishApp, listen } from '@midway/service-kit';
import type { GatewayConfig } from './config';
import { apiCompression } from './api-compression.middleware';
import { apiProxy } from './proxy.middleware';
import { routeOf, type ServiceName } from './route-table';
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

  const app = createApp({ logger, parseBodies: false, helmet: false, trustProxy: config.TRUST_PROXY_HOPS });
  app.use(securityHeaders(list(config.IMG_ORIGINS)));
  app.use('/api', apiCompression()); // JSON answers by Accept-Encoding, the proxied ones too
  app.use('/api', originCheck(list(config.ALLOWED_ORIGINS)));
  app.use('/api', bodyLimit((req) => routeOf(req)?.bodyLimitBytes ?? config.BODY_LIMIT_BYTES));
  app.use(sessionGate({ sessionPublicKey: config.SESSION_PUBLIC_KEY, internalPrivateKey: config.INTERNAL_TOKEN_PRIVATE_KEY, revoked, ready: feed.isReady }));
  // The proxied routes first: the gateway's own routes below are not on the way of every API call.
  const proxy = apiProxy(services, logger);
  app.use(proxy.middleware);
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

  const { server, url, port: actualPort } = await listen(app, port, config.HOST);
  return {
    url,
    port: actualPort,
    revoked,
    feed,
    async stop() {
      await closeServer(server);
      await Promise.all([proxy.close(), feed.stop()]);
    },
  };
}
