import fs from 'node:fs';
import path from 'node:path';
import { serviceTestConfig, startService, testEnv } from '@midway/testing';
import { identityService } from '@midway/identity';
import { catalogService } from '@midway/catalog';
import { gatewayService, type GatewayConfig } from '../src';

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
