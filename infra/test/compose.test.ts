import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { KNOWN_REMOTES, LANDING_PRERENDER_PATH, SHELL_PRERENDER_PATH } from '@midway/contracts';
import { PARTS, ROOT as root, defaultPort, runsFromDist, partFolders, partNamed, productionWorkspaces, requiredKeys, schemaKeys } from './deployable-parts';

const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number };
  restart?: string;
  ports?: string[];
  volumes?: string[];
}
const services = compose.services as Record<string, ComposeService>;

describe('docker-compose.yml', () => {
  const built = Object.entries(services).filter(([, s]) => s.build);

  it('runs Postgres, NATS with JetStream and MinIO from real images', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:/);
    expect(compose.services.nats.image).toMatch(/^nats:/);
    expect(compose.services.nats.command).toContain('-js');
    expect(compose.services.minio.image).toMatch(/minio/);
  });

  it('builds every part written so far', () => {
    expect(built.map(([name]) => name).sort()).toEqual(PARTS.map((p) => p.name).sort());
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: its build context and Dockerfile exist', (_name, service) => {
    const context = path.resolve(root, service.build!.context);
    expect(fs.statSync(context).isDirectory()).toBe(true);
    expect(fs.existsSync(path.resolve(context, service.build!.dockerfile))).toBe(true);
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: every env variable it sets is one its config schema reads', (name, service) => {
    const known = schemaKeys(partNamed(name));
    const unknown = Object.keys(service.environment ?? {}).filter((k) => !known.includes(k));
    expect(unknown).toEqual([]);
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: every env variable its config schema requires is set', (name, service) => {
    expect(requiredKeys(partNamed(name)).filter((k) => !(k in (service.environment ?? {})))).toEqual([]);
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: its health check asks its /readyz on the port it is told to listen on, and it is restarted when it exits', (name, service) => {
    const part = partNamed(name);
    const port = Number(service.environment?.[part.portVar] ?? defaultPort(part));
    expect(service.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
    expect(service.restart).toBe('unless-stopped');
  });

  it.each(built.map(([name, s]) => [name, s] as const))('%s: starts once what it depends on is healthy, and each of those has a health check', (_name, service) => {
    const deps = service.depends_on;
    expect(deps && !Array.isArray(deps)).toBe(true);
    for (const [dep, { condition }] of Object.entries(deps as Record<string, { condition: string }>)) {
      expect([dep, condition]).toEqual([dep, 'service_healthy']);
      expect([dep, Boolean(services[dep]?.healthcheck)]).toEqual([dep, true]);
    }
    expect(Object.keys(deps as object)).toEqual(expect.arrayContaining(['nats']));
  });

  it('runs two replicas of every service and of the gateway, and publishes one port: the edge that balances over the gateways', () => {
    for (const [name, service] of built) expect([name, service.deploy?.replicas]).toEqual([name, 2]);
    expect(Object.entries(services).filter(([, s]) => s.ports).map(([name, s]) => [name, s.ports])).toEqual([['edge', ['8080:8080']]]);
    expect(services.edge!.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
    expect(services.edge!.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:8080/edge-healthz');
  });

  it("the edge's HAProxy finds every gateway replica by name, checks its /readyz, and passes the caller's address on", () => {
    const [mount] = (compose.services.edge.volumes as string[]).map((v) => v.split(':'));
    expect(mount![1]).toBe('/usr/local/etc/haproxy/haproxy.cfg');
    const cfg = fs.readFileSync(path.resolve(root, mount![0]!), 'utf8');
    const port = Number(services.gateway!.environment!.PORT);
    expect(cfg).toMatch(new RegExp(`^\\s*server-template gateway \\d+ gateway:${port} check .*resolvers docker`, 'm'));
    expect(cfg).toMatch(/^\s*option httpchk GET \/readyz$/m);
    expect(cfg).toMatch(/^\s*bind :8080$/m);
    expect(cfg).toMatch(/^\s*monitor-uri \/edge-healthz$/m);
    // One proxy in front: the gateway takes the caller's address from the entry it appends.
    expect(cfg).toMatch(/^\s*option forwardfor$/m);
    expect(services.gateway!.environment!.TRUST_PROXY_HOPS).toBe('1');
  });

  it("sends the gateway to each service by its compose name and port", () => {
    const env = services.gateway!.environment!;
    for (const part of PARTS.filter((p) => p.name !== 'gateway')) {
      const port = Number(services[part.name]!.environment?.[part.portVar] ?? defaultPort(part));
      expect(env[`${part.name.toUpperCase()}_URL`]).toBe(`http://${part.name}:${port}`);
    }
  });
});

/** A Dockerfile's stages: each FROM with the instructions under it (continuation lines joined). */
function stagesOf(file: string) {
  const lines = fs
    .readFileSync(file, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; name?: string; instructions: string[] }[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2], instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}
const instruction = (stage: { instructions: string[] }, verb: string) => stage.instructions.filter((i) => i.toUpperCase().startsWith(`${verb} `));

describe('the Dockerfiles', () => {
  it('exist for every part (each service and the gateway, which serves the front ends)', () => {
    expect(partFolders().filter((dir) => !fs.existsSync(path.join(root, dir, 'Dockerfile')))).toEqual([]);
  });

  describe.each(PARTS.map((p) => [p.name, p] as const))('%s', (_name, part) => {
    const stages = stagesOf(path.join(root, part.dir, 'Dockerfile'));
    const runtime = stages.at(-1)!;
    const deps = stages.find((s) => s.name === 'deps');
    const build = stages.find((s) => s.name === 'build');

    it('builds in stages on Node 22 and runs as the unprivileged node user', () => {
      expect(stages.length).toBeGreaterThanOrEqual(3);
      for (const s of stages) expect(s.from).toMatch(/^node:22-/);
      expect(instruction(runtime, 'USER')).toEqual(['USER node']);
    });

    it('listens on all interfaces on its default port, and checks its health on /readyz there', () => {
      const env = instruction(runtime, 'ENV').join(' ');
      expect(env).toContain('HOST=0.0.0.0');
      expect(env).toContain(`${part.portVar}=${defaultPort(part)}`);
      expect(instruction(runtime, 'EXPOSE')).toEqual([`EXPOSE ${defaultPort(part)}`]);
      const [healthcheck] = instruction(runtime, 'HEALTHCHECK');
      expect(healthcheck).toContain(`process.env.${part.portVar}||${defaultPort(part)}`);
      expect(healthcheck).toContain("'/readyz'");
      expect(instruction(runtime, 'CMD')).toEqual([`CMD ["node", "--enable-source-maps", "${part.dir}/dist/main.js"]`]);
    });

    it('installs production dependencies only: of itself and of the workspaces it runs, at the lock’s versions', () => {
      // The gateway also runs the shell's and mf-landing's server-side prerenders, which leave React to node_modules.
      const prerendered = part.name === 'gateway' ? [LANDING_PRERENDER_PATH, SHELL_PRERENDER_PATH].map((p) => p.split('/')[0]!) : [];
      const needed = new Set([part.dir, ...prerendered].flatMap(productionWorkspaces));
      const run = instruction(deps!, 'RUN').join(' ');
      const listed = JSON.parse(/"workspaces":(\[[^\]]*\])/.exec(run)?.[1] ?? '[]') as string[];
      expect(new Set(listed)).toEqual(needed);
      expect(run).toContain('npm install --omit=dev');
      expect(instruction(deps!, 'COPY')).toEqual(expect.arrayContaining(['COPY package-lock.json .npmrc ./', ...listed.map((w) => `COPY ${w}/package.json ${w}/`)]));
      // What is compiled is built and copied: every needed workspace with a build, from the build stage.
      const copied = instruction(runtime, 'COPY').join('\n');
      for (const w of [...needed].filter(runsFromDist)) {
        expect(instruction(build!, 'RUN').join(' ')).toContain(`-w ${w}`);
        expect(copied).toContain(`COPY --from=build /app/${w}/dist ${w}/dist`);
      }
      expect(copied).toContain('COPY --from=deps /app /app');
      expect(copied).not.toMatch(/--from=build \/app \/app|--from=build \/app\/node_modules/);
    });

    if (part.name !== 'gateway') {
      it('carries its migrations and the kit’s, which it applies at start', () => {
        const copied = instruction(runtime, 'COPY');
        expect(copied).toEqual(expect.arrayContaining([`COPY --from=build /app/${part.dir}/prisma ${part.dir}/prisma`, 'COPY --from=build /app/packages/service-kit/migrations packages/service-kit/migrations']));
      });
    } else {
      it('builds the shell and every remote and serves them from STATIC_ROOT', () => {
        const builds = instruction(build!, 'RUN').join(' ');
        const copied = instruction(runtime, 'COPY');
        for (const dir of ['shell', ...KNOWN_REMOTES.map((r) => r.dir)]) {
          expect(builds).toContain(`-w ${dir}`);
          expect(copied).toContain(`COPY --from=build /app/${dir}/dist ${dir}/dist`);
        }
        expect(instruction(runtime, 'ENV').join(' ')).toContain('STATIC_ROOT=/app');
        expect(instruction(runtime, 'WORKDIR')).toEqual(['WORKDIR /app']);
      });
    }
  });
});
