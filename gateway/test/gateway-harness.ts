import fs from 'node:fs';
import path from 'node:path';
import { quietLogger, testEnv, testKeys } from '@midway/infra';
import { gatewayEnvSchema, type GatewayConfig } from '../src/config';
import { startGateway } from '../src/gateway.app';

export type Gateway = Awaited<ReturnType<typeof startGateway>>;

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

export function gatewayConfig(identityUrl: string, overrides: Partial<Record<keyof GatewayConfig, string>> = {}): GatewayConfig {
  const keys = testKeys();
  return gatewayEnvSchema.parse({
    NATS_URL: testEnv().natsUrl,
    SESSION_PUBLIC_KEY: keys.session.publicKey,
    INTERNAL_TOKEN_PRIVATE_KEY: keys.internal.privateKey,
    IDENTITY_URL: identityUrl,
    STATIC_ROOT: fakeStaticRoot(),
    ...overrides,
  });
}

export const startTestGateway = (identityUrl: string, overrides: Partial<Record<keyof GatewayConfig, string>> = {}) =>
  startGateway(gatewayConfig(identityUrl, overrides), quietLogger('gateway'), 0);
