import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { identityEnvSchema } from '@midway/identity';
import { gatewayEnvSchema } from '@midway/gateway';
import { catalogEnvSchema } from '@midway/catalog';
import { logisticsEnvSchema } from '@midway/logistics';
import { billingEnvSchema } from '@midway/billing';

const root = path.resolve(__dirname, '..', '..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });

/** The config schema each built part reads; a part added to compose must be added here. */
const SCHEMAS: Record<string, z.ZodObject> = { identity: identityEnvSchema, catalog: catalogEnvSchema, logistics: logisticsEnvSchema, billing: billingEnvSchema, gateway: gatewayEnvSchema };

describe('docker-compose.yml', () => {
  const built = Object.entries(compose.services as Record<string, { build?: { context: string; dockerfile: string }; environment?: Record<string, string> }>).filter(([, s]) => s.build);

  it('runs Postgres, NATS with JetStream and MinIO from real images', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:/);
    expect(compose.services.nats.image).toMatch(/^nats:/);
    expect(compose.services.nats.command).toContain('-js');
    expect(compose.services.minio.image).toMatch(/minio/);
  });

  it('builds every part written so far', () => {
    expect(built.map(([name]) => name).sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: its build context and Dockerfile exist', (_name, service) => {
    const context = path.resolve(root, service.build!.context);
    expect(fs.statSync(context).isDirectory()).toBe(true);
    expect(fs.existsSync(path.resolve(context, service.build!.dockerfile))).toBe(true);
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: every env variable it sets is one its config schema reads', (name, service) => {
    const known = Object.keys(SCHEMAS[name]!.shape);
    const unknown = Object.keys(service.environment ?? {}).filter((k) => !known.includes(k));
    expect(unknown).toEqual([]);
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: every env variable its config schema requires is set', (name, service) => {
    const required = Object.entries(SCHEMAS[name]!.shape)
      .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
      .map(([key]) => key);
    expect(required.filter((k) => !(k in (service.environment ?? {})))).toEqual([]);
  });
});
