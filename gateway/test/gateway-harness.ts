import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { json, serviceTestConfig, sessionCookieOf, startService, testEnv, uniqueEmail } from '@midway/testing';
import { identityService } from '@midway/identity';
import { catalogService } from '@midway/catalog';
import { gatewayService, type Gateway, type GatewayConfig } from '../src';

export type { Gateway } from '../src';
export { json, sessionCookieOf, uniqueEmail } from '@midway/testing';

type Overrides<C> = Partial<Record<keyof C, string>>;

/** The services behind the gateway, started in this process by their public entries. */
export const startTestIdentity = (overrides: Record<string, string> = {}) => startService(identityService, overrides);
export const startTestCatalog = (overrides: Record<string, string> = {}) => startService(catalogService, overrides);

/** A fake front-end build: the gateway only needs files to serve. */
export function fakeStaticRoot(): string {
  const root = path.join(testEnv().tmpDir, `static-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Midway shell</title>');
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.0123456789abcdef.js'), 'console.log(1)');
  fs.mkdirSync(path.join(root, 'mf-landing', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'mf-landing', 'dist', 'remoteEntry.js'), 'var mf_landing;');
  fs.mkdirSync(path.join(root, 'mf-projects', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'mf-projects', 'dist', 'remoteEntry.js'), 'var mf_projects;');
  return root;
}

const gatewayEnv = (identityUrl: string, overrides: Overrides<GatewayConfig>) => ({ IDENTITY_URL: identityUrl, STATIC_ROOT: fakeStaticRoot(), ...overrides });

export function gatewayConfig(identityUrl: string, overrides: Overrides<GatewayConfig> = {}): GatewayConfig {
  return serviceTestConfig(gatewayService, gatewayEnv(identityUrl, overrides));
}

export const startTestGateway = (identityUrl: string, overrides: Overrides<GatewayConfig> = {}) => startService(gatewayService, gatewayEnv(identityUrl, overrides));

/** A stand-in for a service behind the gateway: its URL, how many requests reached it, and a way to close it. */
export interface StandIn {
  url: string;
  requests(): number;
  close(): void;
}

/**
 * A stand-in service on a free local port that reads each request's whole body and answers 200 with the
 * JSON `answer` makes of the request and its bytes (what it received, for the test to check).
 */
export function standInService(answer: (req: http.IncomingMessage, body: Buffer) => unknown): Promise<StandIn> {
  return serveStandIn((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req, Buffer.concat(chunks))));
    });
  });
}

/**
 * Any request handler as a stand-in on a free local port, counting the requests that reach it (not the
 * gateway's liveness probes of `/healthz`, which it sends every second whatever the test does).
 */
export function serveStandIn(handle: http.RequestListener): Promise<StandIn> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    if (req.url !== '/healthz') requests++;
    handle(req, res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: () => requests,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

/** Registers a new user through the gateway at `base` (201 expected); the session cookie to send back. */
export async function signUp(base: string, name: { firstName: string; lastName: string } = { firstName: 'Ada', lastName: 'Lovelace' }) {
  const res = await fetch(`${base}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', ...name }));
  expect(res.status).toBe(201);
  return sessionCookieOf(res)!;
}

/** Where the gateway sends each service's paths: a stand-in may take a service's place. */
type ServiceUrl = 'CATALOG_URL' | 'LOGISTICS_URL' | 'BILLING_URL';

/**
 * Identity and a gateway in front of it for the test file (before all, stopped after all); identity reads
 * `o.identity` over the test env, and each of `o.standIns` is started and takes its service's place.
 */
export function useGateway(o: { identity?: Record<string, string>; standIns?: Partial<Record<ServiceUrl, () => Promise<StandIn>>> } = {}) {
  let identity: Awaited<ReturnType<typeof startTestIdentity>> | undefined;
  let gateway: Gateway | undefined;
  const standIns: Partial<Record<ServiceUrl, StandIn>> = {};
  beforeAll(async () => {
    identity = await startTestIdentity(o.identity);
    await Promise.all(Object.entries(o.standIns ?? {}).map(async ([key, start]) => (standIns[key as ServiceUrl] = await start!())));
    gateway = await startTestGateway(identity.url, Object.fromEntries(Object.entries(standIns).map(([key, s]) => [key, s!.url])));
    await gateway.feed.ready;
  });
  afterAll(async () => {
    await gateway?.stop();
    await identity?.stop();
    for (const s of Object.values(standIns)) s?.close();
  });
  return {
    get identity() {
      return identity!;
    },
    get gateway() {
      return gateway!;
    },
    standIn: (key: ServiceUrl) => standIns[key]!,
  };
}
