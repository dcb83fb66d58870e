import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { API_OPERATIONS, buildOpenApiDocument, SESSION_COOKIE_NAME, toOpenApiPath, type ApiOperation } from '@midway/contracts';
import { billingService } from '@midway/billing';
import { logisticsService } from '@midway/logistics';
import { SESSION_COOKIE } from '@midway/service-kit';
import { startService } from '@midway/testing';
import { matchRoute } from '../src/route-table';
import { startTestCatalog, startTestGateway, startTestIdentity } from './gateway-harness';

/**
 * The OpenAPI document must describe every call: the services and the gateway are started as they run (their
 * real composition roots), each express app's router is walked for the routes it registered, and every /api
 * route must have an operation in the document, and every operation a route.
 */

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** `METHOD /path` of every route an app registered (routers mounted in it included), in OpenAPI path form. */
function routesOf(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
        for (const p of paths) for (const m of methods) out.push(`${m.toUpperCase()} ${toOpenApiPath(prefix + p)}`);
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/** Every service of the repository (services/<name>/package.json): each must be started below. */
const SERVICES_IN_REPO = fs
  .readdirSync(path.resolve(__dirname, '../../services'))
  .filter((d) => fs.existsSync(path.resolve(__dirname, '../../services', d, 'package.json')))
  .sort();
const STARTED = ['billing', 'catalog', 'identity', 'logistics'];

const documented = (ops: readonly ApiOperation[]) => new Set(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`));
const missingFrom = (ops: readonly ApiOperation[], routes: string[]) => routes.filter((r) => !documented(ops).has(r));

describe('the OpenAPI document and the routes the services register', () => {
  // Every express app created from here on records itself (express() calls init on each new app). Not
  // `listen`: the gateway serves its app behind its own request listener.
  const init = jest.spyOn(express.application, 'init');
  let apps: Express[] = [];
  let gatewayUrl = '';
  let stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const identity = await startTestIdentity();
    const catalog = await startTestCatalog();
    const logistics = await startService(logisticsService);
    const billing = await startService(billingService, { BILLING_JOBS: 'off' });
    const gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url, LOGISTICS_URL: logistics.url, BILLING_URL: billing.url });
    apps = init.mock.contexts as Express[];
    gatewayUrl = gateway.url;
    stops = [() => gateway.stop(), () => billing.stop(), () => logistics.stop(), () => catalog.stop(), () => identity.stop()];
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    init.mockRestore();
  });

  const apiRoutes = () => [...new Set(apps.flatMap(routesOf))].filter((r) => r.split(' ')[1]!.startsWith('/api/')).sort();

  it('has an operation for every /api route of the services and the gateway, and a route for every operation', () => {
    // One app per service and the gateway (a service may run more, e.g. billing's offline payment processor).
    expect(apps.length).toBeGreaterThanOrEqual(STARTED.length + 1);
    const routes = apiRoutes();
    // The walk sees the routers: a few known routes of each part.
    expect(routes).toEqual(expect.arrayContaining(['POST /api/login', 'DELETE /api/projects/{id}/members/{userId}', 'GET /api/search', 'PUT /api/services/{id}', 'GET /api/invoices/{id}/pdf', 'GET /api/openapi.json']));
    expect(missingFrom(API_OPERATIONS, routes)).toEqual([]);
    const registered = new Set(routes);
    expect([...documented(API_OPERATIONS)].filter((op) => !registered.has(op))).toEqual([]);
  });

  it('would fail if an operation were left out (the check above can fail)', () => {
    const withoutOne = API_OPERATIONS.filter((o) => o.operationId !== 'updateItemStatus');
    expect(missingFrom(withoutOne, apiRoutes())).toContain('PUT /api/items/{id}/status');
  });

  it('starts every service of the repository, so none of their routes escapes the check', () => {
    // A new service fails here until this test starts it (startService(<name>Service)) and its calls are in
    // packages/contracts/src/openapi/operations.ts.
    expect(SERVICES_IN_REPO).toEqual(STARTED);
  });

  it('routes every documented call through the gateway’s table, public exactly when the document says so', () => {
    const misrouted = API_OPERATIONS.filter((o) => o.tag !== 'documentation').flatMap((o) => {
      const route = matchRoute(o.path.replace(/\{[^}]+\}/g, 'x'));
      const problem = !route ? 'no route' : !SERVICES_IN_REPO.includes(route.service) ? `routed to ${route.service}, not in the repository` : !!route.public !== (o.security === 'public') ? `public is ${!!route.public}, the document says ${o.security}` : '';
      return problem ? [`${o.method.toUpperCase()} ${o.path}: ${problem}`] : [];
    });
    expect(misrouted).toEqual([]);
  });

  it('serves the document and the docs page without a session, cacheable', async () => {
    const res = await fetch(`${gatewayUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const doc = await res.json();
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(doc.openapi).toMatch(/^3\.1\./);
    // The session scheme names the cookie the gateway really checks.
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE);
    const again = await fetch(`${gatewayUrl}/api/openapi.json`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const page = await fetch(`${gatewayUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).not.toMatch(/<script/i);
    for (const op of API_OPERATIONS) expect(html).toContain(`id="${op.operationId}"`);
  });
});
