import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { identityEnvSchema } from '@midway/identity';
import { gatewayEnvSchema } from '@midway/gateway';
import { catalogEnvSchema } from '@midway/catalog';
import { logisticsEnvSchema } from '@midway/logistics';
import { billingEnvSchema } from '@midway/billing';

export const ROOT = path.resolve(__dirname, '..', '..');

/** A part that runs as its own process in production: its folder, the config schema it reads, its port setting. */
export interface DeployablePart {
  name: string;
  dir: string;
  schema: z.ZodObject;
  portVar: string;
}

/** Every service and the gateway (which also serves the built front ends); a new part must be added here. */
export const PARTS: DeployablePart[] = [
  { name: 'identity', dir: 'services/identity', schema: identityEnvSchema, portVar: 'IDENTITY_PORT' },
  { name: 'catalog', dir: 'services/catalog', schema: catalogEnvSchema, portVar: 'CATALOG_PORT' },
  { name: 'logistics', dir: 'services/logistics', schema: logisticsEnvSchema, portVar: 'LOGISTICS_PORT' },
  { name: 'billing', dir: 'services/billing', schema: billingEnvSchema, portVar: 'BILLING_PORT' },
  { name: 'gateway', dir: 'gateway', schema: gatewayEnvSchema, portVar: 'PORT' },
];

export const partNamed = (name: string): DeployablePart => {
  const part = PARTS.find((p) => p.name === name);
  if (!part) throw new Error(`no deployable part named ${name}`);
  return part;
};

/** The folders that hold a part: every folder under services/, and the gateway. */
export const partFolders = () => [...fs.readdirSync(path.join(ROOT, 'services')).map((d) => `services/${d}`), 'gateway'].filter((d) => fs.existsSync(path.join(ROOT, d, 'package.json')));

export const schemaKeys = (part: DeployablePart) => Object.keys(part.schema.shape);

/** The variables a part cannot start without (no default, not optional). */
export const requiredKeys = (part: DeployablePart) =>
  Object.entries(part.schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);

/** The port a part listens on when its port setting is not given. */
export const defaultPort = (part: DeployablePart): number => (part.schema.shape[part.portVar] as z.ZodType<number>).parse(undefined);

export interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}
const readManifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace folder of each @midway package. */
const workspaceDirs = (): Map<string, string> => {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return new Map(workspaces.map((dir) => [readManifest(dir).name, dir]));
};

/** A workspace and every workspace it needs at run time (production dependencies, followed through). */
export function productionWorkspaces(dir: string): string[] {
  const dirs = workspaceDirs();
  const seen = new Set<string>();
  const visit = (d: string) => {
    if (seen.has(d)) return;
    seen.add(d);
    for (const dep of Object.keys(readManifest(d).dependencies ?? {})) {
      const depDir = dirs.get(dep);
      if (depDir) visit(depDir);
    }
  };
  visit(dir);
  return [...seen];
}

/** Whether Node runs a workspace from its compiled dist/ (its package.json's main), so an image must build it. */
export const runsFromDist = (dir: string) => /^(\.\/)?dist\//.test((JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { main?: string }).main ?? '');
