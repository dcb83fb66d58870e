import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { buildOpenApiDocument } from '@midway/contracts';
import { billingService } from '@midway/billing';
import { freePort, startObjectStore, type RunningObjectStore } from '@midway/infra';
import { logisticsService } from '@midway/logistics';
import { startService, testEnv } from '@midway/testing';
import { json, sessionCookieOf, startTestCatalog, startTestGateway, startTestIdentity, uniqueEmail } from './gateway-harness';

/**
 * Every path and query parameter of every call the OpenAPI document describes, through the gateway to the real
 * services, gets the values a fuzzer or a broken client sends: a NUL, an id in upper case, 2,000 characters, a
 * broken percent-encoding, and (for a query) the parameter twice, where one string is expected. None of them is a
 * 500: a JSON answer of 4xx says {error, message}; a NUL or a broken encoding is always refused (4xx). Calls that
 * need a session are walked as a designer and as an admin (admin-only calls parse their parameters only for an
 * admin), public ones without a session.
 */
const doc = buildOpenApiDocument();
interface Operation {
  method: string;
  path: string;
  signedIn: boolean;
  pathParams: string[];
  queryParams: string[];
}
const operations: Operation[] = Object.entries(doc.paths).flatMap(([p, methods]) =>
  Object.entries(methods as Record<string, { security: unknown[]; parameters?: { in: string; name: string }[] }>).map(([method, op]) => ({
    method: method.toUpperCase(),
    path: p,
    signedIn: op.security.length > 0,
    pathParams: (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name),
    queryParams: (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name),
  })),
);

/** Raw URL text: what goes on the wire, already encoded (or deliberately mis-encoded). */
const BATTERY = {
  nul: '%00',
  upperCaseId: () => randomUUID().toUpperCase(),
  long: () => 'a'.repeat(2000),
  badEncoding: '%E0%A4%A',
} as const;
type Value = keyof typeof BATTERY | 'repeated';
const ALWAYS_REFUSED: Value[] = ['nul', 'badEncoding'];
const valueOf = (v: keyof typeof BATTERY) => {
  const b = BATTERY[v];
  return typeof b === 'function' ? b() : b;
};

/** Each hostile request an operation gets: one parameter hostile, the others well-formed (random ids, nothing in the query). */
function requestsFor(op: Operation): { url: string; value: Value; param: string }[] {
  const fill = (except?: string, raw?: string) => op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === except ? raw! : randomUUID()));
  const out: { url: string; value: Value; param: string }[] = [];
  for (const param of op.pathParams) for (const value of Object.keys(BATTERY) as (keyof typeof BATTERY)[]) out.push({ url: fill(param, valueOf(value)), value, param });
  for (const param of op.queryParams) {
    for (const value of Object.keys(BATTERY) as (keyof typeof BATTERY)[]) out.push({ url: `${fill()}?${param}=${valueOf(value)}`, value, param });
    out.push({ url: `${fill()}?${param}=a&${param}=b`, value: 'repeated', param });
  }
  return out;
}

let gatewayUrl = '';
const cookies: { designer: string; admin: string } = { designer: '', admin: '' };
let stops: (() => Promise<void>)[] = [];
let store: RunningObjectStore | undefined;

beforeAll(async () => {
  const adminEmail = uniqueEmail();
  const identity = await startTestIdentity({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'admin-password-1', RATE_LIMIT_AUTH_PER_MINUTE: '0' });
  store = await startObjectStore({ dir: path.join(testEnv().tmpDir, `s3-${randomUUID()}`), port: await freePort() });
  const catalog = await startTestCatalog();
  const logistics = await startService(logisticsService, { S3_ENDPOINT: store.endpoint, S3_ACCESS_KEY: store.accessKey, S3_SECRET_KEY: store.secretKey, S3_BUCKET: store.bucket });
  const billing = await startService(billingService);
  const gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url, LOGISTICS_URL: logistics.url, BILLING_URL: billing.url });
  gatewayUrl = gateway.url;
  stops = [() => gateway.stop(), () => billing.stop(), () => logistics.stop(), () => catalog.stop(), () => identity.stop(), () => store!.stop()];
  const reg = await fetch(`${gatewayUrl}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ana', lastName: 'Lima' }));
  cookies.designer = sessionCookieOf(reg)!;
  const login = await fetch(`${gatewayUrl}/api/login`, json({ email: adminEmail, password: 'admin-password-1' }));
  cookies.admin = sessionCookieOf(login)!;
  expect(cookies).toEqual({ designer: expect.any(String), admin: expect.any(String) });
}, 90_000);
afterAll(async () => {
  for (const stop of stops) await stop();
});

it('the walk covers every parameter the document names (path and query, public and signed-in)', () => {
  const params = operations.flatMap((o) => [...o.pathParams, ...o.queryParams]);
  expect(params.length).toBeGreaterThan(40);
  expect(operations).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/api/shared/photos/{token}/{key}', pathParams: ['token', 'key'] }), expect.objectContaining({ path: '/api/items', signedIn: true })]));
});

const withParameters = operations.filter((o) => o.pathParams.length + o.queryParams.length > 0);
it.each(withParameters.map((o) => [`${o.method} ${o.path}`, o] as const))('%s: hostile parameters are a 4xx that says why, never a 500', async (_name, op) => {
  const callers = op.signedIn ? [cookies.designer, cookies.admin] : [undefined];
  const wrong: unknown[] = [];
  for (const cookie of callers) {
    for (const { url, value, param } of requestsFor(op)) {
      const body = ['POST', 'PUT', 'PATCH'].includes(op.method) ? '{}' : undefined;
      const headers: Record<string, string> = { origin: gatewayUrl, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
      const res = await fetch(`${gatewayUrl}${url}`, { method: op.method, headers, body, redirect: 'manual' });
      const text = await res.text();
      const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
      let shaped = true;
      if (isJson && res.status >= 400) {
        try {
          const parsed = JSON.parse(text);
          shaped = typeof parsed.error === 'string' && typeof parsed.message === 'string' && parsed.message.length > 0;
        } catch {
          shaped = false;
        }
      }
      const refusedAsItMust = !ALWAYS_REFUSED.includes(value) || (res.status >= 400 && res.status < 500);
      if (res.status >= 500 || !shaped || !refusedAsItMust) wrong.push({ as: cookie === cookies.admin ? 'admin' : cookie ? 'designer' : 'anonymous', param, value, status: res.status, body: text.slice(0, 200) });
    }
  }
  expect(wrong).toEqual([]);
}, 60_000);
