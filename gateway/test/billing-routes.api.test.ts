import { createHash } from 'node:crypto';
import { matchRoute } from '../src/route-table';
import { signUp, standInService, useGateway } from './gateway-harness';

/**
 * Issue 11's routing entries: each billing path reaches the billing service (a stand-in here that echoes what
 * it received), signed-in except the processor's webhook, which is public and arrives byte for byte (its
 * signature covers the exact bytes). A project's invoices go to billing, the rest of /api/projects to catalog.
 */
const t = useGateway({ standIns: { BILLING_URL: () => echoService('billing'), CATALOG_URL: () => echoService('catalog') } });
let cookie: string;
beforeAll(async () => {
  cookie = await signUp(t.gateway.url);
});

const ID = '0b8f3c2e-1111-4a4a-9b9b-123456789abc';
const SIGNED_IN = [
  ['POST', `/api/projects/${ID}/invoices`],
  ['GET', '/api/invoices'],
  ['GET', '/api/invoices/summary'],
  ['GET', `/api/invoices/${ID}`],
  ['POST', `/api/invoices/${ID}/items`],
  ['GET', `/api/invoices/${ID}/pdf`],
  ['POST', '/api/create-payment-intent'],
  ['POST', '/api/billing/initialize'],
  ['GET', '/api/billing/rates'],
  ['POST', '/api/billing/invoices/generate'],
] as const;
/** The pay link's calls (the token is the credential) and offline mode's card confirmation (the client secret is). */
const PUBLIC = [
  ['GET', '/api/pay/some-token'],
  ['POST', '/api/pay/some-token/payment-intent'],
  ['POST', '/api/billing/test-processor/confirm'],
] as const;

describe('billing routes', () => {
  it.each(SIGNED_IN)('%s %s reaches billing for a signed-in caller and is 401 without a session', async (method, path) => {
    expect(matchRoute(path)?.service).toBe('billing');
    const body = method === 'GET' ? undefined : '{}';
    const res = await fetch(`${t.gateway.url}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ service: 'billing', method, url: path, identified: true });
    const anonymous = await fetch(`${t.gateway.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
    expect(anonymous.status).toBe(401);
  });

  it.each(PUBLIC)('%s %s is public and reaches billing without a session', async (method, path) => {
    expect(matchRoute(path)).toMatchObject({ service: 'billing', public: true });
    const body = method === 'GET' ? undefined : '{}';
    const res = await fetch(`${t.gateway.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ service: 'billing', method, url: path, identified: false });
  });

  it('the rest of /api/billing stays signed-in', () => {
    expect(matchRoute('/api/billing/test-processor/other')?.public).toBeUndefined();
    expect(matchRoute('/api/payments')).toBeUndefined();
  });

  it('a project itself, its items and its members stay catalog’s', async () => {
    for (const path of [`/api/projects/${ID}`, `/api/projects/${ID}/items`, `/api/projects/${ID}/invoices/x`, '/api/projects']) {
      expect(matchRoute(path)?.service).toBe('catalog');
      const res = await fetch(`${t.gateway.url}${path}`, { headers: { cookie } });
      expect(await res.json()).toMatchObject({ service: 'catalog' });
    }
  });

  it('POST /api/billing/webhook is public and reaches billing with the exact bytes and the Stripe-Signature header', async () => {
    expect(matchRoute('/api/billing/webhook')?.public).toBe(true);
    // Pretty-printed like Stripe's own payloads: a re-serialised body would not match its signature.
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', metadata: { invoiceId: ID } } } }, null, 2);
    const res = await fetch(`${t.gateway.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=abc' }, body: payload });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ service: 'billing', identified: false, bytes: Buffer.byteLength(payload), sha256: createHash('sha256').update(payload).digest('hex'), signature: 't=1,v1=abc' });
  });
});

/** A stand-in service that answers what it received: method, path, body bytes and hash, whether an identity came along. */
const echoService = (service: string) =>
  standInService((req, body) => ({ service, method: req.method, url: req.url, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), signature: req.headers['stripe-signature'], identified: Boolean(req.headers['x-midway-identity']) }));
