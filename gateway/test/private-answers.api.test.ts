import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@midway/contracts';
import { billingService } from '@midway/billing';
import { logisticsService } from '@midway/logistics';
import { startService } from '@midway/testing';
import { json, sessionCookieOf, startTestCatalog, startTestGateway, startTestIdentity, uniqueEmail } from './gateway-harness';

/**
 * A signed-in caller's answers are theirs alone: a shared proxy must not keep them, and a shared computer's back
 * button must not show them to the next person without asking the service again. Every operation the OpenAPI
 * document says needs a session is called through the gateway as a signed-in designer (ids that exist nowhere, no
 * body), and whatever it answers (200, 400, 404…) carries a private Cache-Control that forbids reuse unchecked.
 */
const doc = buildOpenApiDocument();
const sessionOperations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, { security: unknown[] }>)
    .filter(([, op]) => op.security.length > 0)
    .map(([method, op]) => ({ method: method.toUpperCase(), path })),
);

let gatewayUrl = '';
let cookie = '';
let stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const identity = await startTestIdentity();
  const catalog = await startTestCatalog();
  // No object store: the upload calls answer 503 (what a missing dependency gets), privately like the rest.
  const logistics = await startService(logisticsService);
  const billing = await startService(billingService);
  const gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url, LOGISTICS_URL: logistics.url, BILLING_URL: billing.url });
  gatewayUrl = gateway.url;
  stops = [() => gateway.stop(), () => billing.stop(), () => logistics.stop(), () => catalog.stop(), () => identity.stop()];
  const reg = await fetch(`${gatewayUrl}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ana', lastName: 'Lima' }));
  cookie = sessionCookieOf(reg)!;
  expect(cookie).toBeTruthy();
}, 60_000);
afterAll(async () => {
  for (const stop of stops) await stop();
});

it('the document names the calls that need a session (the walk below is not empty)', () => {
  expect(sessionOperations.length).toBeGreaterThan(30);
  expect(sessionOperations).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/auth/user' }, { method: 'GET', path: '/api/projects' }, { method: 'GET', path: '/api/invoices/{id}' }]));
});

it.each(sessionOperations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s answers with a private Cache-Control', async (_name, op) => {
  const url = op.path.replace(/\{\w+\}/g, () => randomUUID());
  const res = await fetch(`${gatewayUrl}${url}`, { method: op.method, headers: { cookie, origin: gatewayUrl }, redirect: 'manual' });
  await res.arrayBuffer();
  expect({ status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({ status: res.status, cacheControl: expect.stringMatching(/^private, no-(cache|store)$/) });
  expect(res.status).not.toBe(500);
});

it("a project's own answer stays private, and so does the signed-in user", async () => {
  const created = await fetch(`${gatewayUrl}/api/projects`, json({ name: 'Private Loft', clientName: 'C. Lee', location: 'Vancouver, BC' }, { cookie, origin: gatewayUrl }));
  expect({ status: created.status, body: created.status === 201 ? 'created' : await created.text() }).toEqual({ status: 201, body: 'created' });
  const { id } = (await created.json()) as { id: string };
  const first = await fetch(`${gatewayUrl}/api/projects/${id}`, { headers: { cookie } });
  expect(first.status).toBe(200);
  expect(first.headers.get('cache-control')).toBe('private, no-cache');
  const me = await fetch(`${gatewayUrl}/api/auth/user`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(me.headers.get('cache-control')).toMatch(/^private, no-(cache|store)$/);
});

it('public answers are not marked as a caller’s own', async () => {
  const res = await fetch(`${gatewayUrl}/api/shared/projects/${'x'.repeat(20)}`);
  expect(res.headers.get('cache-control') ?? '').not.toMatch(/private/);
});
