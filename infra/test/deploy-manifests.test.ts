/**
 * The Kubernetes manifests (deploy/k8s), checked offline: rendered from the production overlay's kustomization,
 * every object valid against the Kubernetes API schemas (kubernetes-models), and the topology consistent with the
 * parts it runs: env that each part's config schema accepts, ports equal to its settings, probes on paths the
 * parts answer, resources on every container, autoscalers and disruption budgets on real workloads.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PHOTO_MAX_BYTES } from '@midway/contracts';
import { PARTS, ROOT, partFolders, requiredKeys, schemaKeys, type DeployablePart } from './deployable-parts';
import { containersOf, renderKustomization, type K8sObject } from './kustomize-render';
import { startService, testEnv, type ServiceEntry } from '@midway/testing';
import { identityService } from '@midway/identity';
import { catalogService } from '@midway/catalog';
import { logisticsService } from '@midway/logistics';
import { billingService } from '@midway/billing';
import { gatewayService } from '@midway/gateway';

const OVERLAY = path.join(ROOT, 'deploy/k8s/overlays/production');
const SECRET_NAME = 'midway-secrets';
const objects = renderKustomization(OVERLAY);

type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
  exec?: unknown;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: { name: string; key: string }; fieldRef?: unknown };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { cpu?: string; memory?: string } };
}
interface Workload extends K8sObject {
  spec: { replicas?: number; selector: { matchLabels: Labels }; serviceName?: string; template: { metadata: { labels: Labels }; spec: { containers: Container[] } }; volumeClaimTemplates?: { metadata: { name: string } }[] };
}

const ofKind = <T extends K8sObject = K8sObject>(kind: string) => objects.filter((o) => o.kind === kind) as T[];
const named = <T extends K8sObject = K8sObject>(kind: string, name: string) => {
  const found = ofKind<T>(kind).find((o) => o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} in the rendered manifests`);
  return found;
};
const workloads = () => [...ofKind<Workload>('Deployment'), ...ofKind<Workload>('StatefulSet')];
const matches = (selector: Labels, labels: Labels) => Object.entries(selector).every(([k, v]) => labels[k] === v);
const configMapData = (name: string) => (named('ConfigMap', name) as K8sObject & { data: Record<string, string> }).data;

/** The Secret's keys with placeholder values, as deploy/k8s/secrets.example.env lists them for operators. */
const SECRET_EXAMPLE: Record<string, string> = Object.fromEntries(
  fs
    .readFileSync(path.join(ROOT, 'deploy/k8s/secrets.example.env'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** The environment a container starts with: its ConfigMaps' data, its own values, its Secret keys (as placeholders). */
function environmentOf(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (!from.configMapRef) throw new Error(`${container.name}: envFrom other than a ConfigMap (a whole Secret would hand it every key)`);
    Object.assign(env, configMapData(from.configMapRef.name));
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    else if (e.valueFrom?.secretKeyRef) {
      const ref = e.valueFrom.secretKeyRef;
      if (ref.name !== SECRET_NAME) throw new Error(`${container.name}: ${e.name} from Secret ${ref.name}, not ${SECRET_NAME}`);
      if (!(ref.key in SECRET_EXAMPLE)) throw new Error(`${container.name}: ${e.name} reads ${ref.key}, which secrets.example.env does not list`);
      env[e.name] = SECRET_EXAMPLE[ref.key]!;
    } else if (e.valueFrom?.configMapKeyRef) env[e.name] = configMapData(e.valueFrom.configMapKeyRef.name)[e.valueFrom.configMapKeyRef.key]!;
    else throw new Error(`${container.name}: ${e.name} has no value this check understands`);
  }
  return env;
}

const partContainer = (part: DeployablePart) => {
  const deployment = named<Workload>('Deployment', part.name);
  const container = deployment.spec.template.spec.containers.find((c) => c.name === part.name);
  if (!container) throw new Error(`Deployment ${part.name} has no container named ${part.name}`);
  return container;
};
const portNamed = (container: Container, port: string | number) => (typeof port === 'number' ? container.ports?.find((p) => p.containerPort === port) : container.ports?.find((p) => p.name === port));

describe('the Kubernetes manifests (deploy/k8s/overlays/production)', () => {
  it('are valid against the Kubernetes API schemas, every object of them', () => {
    const run = spawnSync(process.execPath, [path.join(__dirname, 'kubernetes-schema.check.mjs')], { input: JSON.stringify(objects), encoding: 'utf8', cwd: ROOT });
    expect(run.stderr).toBe('');
    const results = JSON.parse(run.stdout) as { kind: string; name: string; errors: string[] }[];
    expect(results).toHaveLength(objects.length);
    expect(results.filter((r) => r.errors.length)).toEqual([]);
    expect(new Set(results.map((r) => r.kind))).toEqual(new Set(['Namespace', 'ConfigMap', 'Service', 'Deployment', 'StatefulSet', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress']));
  });

  it('the schema check refuses what Kubernetes would refuse (so a pass means something)', () => {
    const deployment = structuredClone(named<Workload>('Deployment', 'catalog'));
    (deployment.spec.template.spec.containers[0]!.ports![0] as { containerPort: unknown }).containerPort = 'http';
    const hpa = structuredClone(named('HorizontalPodAutoscaler', 'catalog')) as K8sObject & { spec: Record<string, unknown> };
    delete hpa.spec.maxReplicas;
    const run = spawnSync(process.execPath, [path.join(__dirname, 'kubernetes-schema.check.mjs')], { input: JSON.stringify([deployment, hpa, { apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } }]), encoding: 'utf8', cwd: ROOT });
    const results = JSON.parse(run.stdout) as { errors: string[] }[];
    expect(results.map((r) => r.errors.join('; '))).toEqual([expect.stringMatching(/containerPort must be integer/), expect.stringMatching(/maxReplicas/), 'no Kubernetes schema for apps/v1 Deploymnet']);
  });

  it('run every part as a Deployment, and nothing the repository does not hold', () => {
    expect(PARTS.map((p) => p.dir).sort()).toEqual(partFolders().sort());
    expect(ofKind('Deployment').map((d) => d.metadata.name).sort()).toEqual(PARTS.map((p) => p.name).sort());
  });

  it('put everything in the production namespace and take each image from the registry at one release tag', () => {
    const namespaced = objects.filter((o) => o.kind !== 'Namespace');
    expect(namespaced.filter((o) => o.metadata.namespace !== 'midway').map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
    const images = PARTS.map((p) => partContainer(p).image);
    expect(images).toEqual(PARTS.map((p) => `registry.example.com/midway/${p.name}:1.0.0`));
  });

  describe.each(PARTS.map((p) => [p.name, p] as const))('%s', (_name, part) => {
    it('is given only variables its config schema reads, every one it requires, and values it accepts', () => {
      const env = environmentOf(partContainer(part));
      expect(Object.keys(env).filter((k) => !schemaKeys(part).includes(k))).toEqual([]);
      expect(requiredKeys(part).filter((k) => !(k in env))).toEqual([]);
      const parsed = part.schema.safeParse(env);
      expect(parsed.error?.issues ?? []).toEqual([]);
    });

    it('listens on the port its container and Service declare', () => {
      const container = partContainer(part);
      const config = part.schema.parse(environmentOf(container)) as Record<string, unknown>;
      const http = portNamed(container, 'http');
      expect(http?.containerPort).toBe(config[part.portVar]);
      const service = named('Service', part.name) as K8sObject & { spec: { selector: Labels; ports: { port: number; targetPort: string | number }[] } };
      expect(matches(service.spec.selector, named<Workload>('Deployment', part.name).spec.template.metadata.labels)).toBe(true);
      expect(service.spec.ports.map((p) => portNamed(container, p.targetPort)?.containerPort)).toEqual([config[part.portVar]]);
    });

    it('has readiness and liveness probes and resource requests and limits', () => {
      const container = partContainer(part);
      expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(container.livenessProbe).toBeDefined();
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe].filter((p): p is Probe => Boolean(p))) {
        const port = probe.httpGet?.port ?? probe.tcpSocket?.port;
        expect(portNamed(container, port!)).toBeDefined();
      }
      // Liveness never follows a dependency: a restart does not bring a database back.
      expect(container.livenessProbe?.httpGet?.path ?? 'tcp').not.toBe('/readyz');
      expect(container.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container.resources?.limits?.memory).toEqual(expect.any(String));
    });

    it("is scraped by Prometheus on the port that serves its /metrics (the gateway's admin port, kept out of its Service)", () => {
      const deployment = named<Workload>('Deployment', part.name);
      const annotations = (deployment.spec.template.metadata as { annotations?: Record<string, string> }).annotations ?? {};
      expect(annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/path': '/metrics' });
      const container = partContainer(part);
      const config = part.schema.parse(environmentOf(container)) as Record<string, unknown>;
      // The gateway serves /metrics on its admin port only; a service on its own port.
      const metricsPort = part.name === 'gateway' ? config.GATEWAY_ADMIN_PORT : config[part.portVar];
      expect(Number(annotations['prometheus.io/port'])).toBe(metricsPort);
      expect(portNamed(container, Number(metricsPort))).toBeDefined();
      if (part.name === 'gateway') {
        expect(config.GATEWAY_ADMIN_HOST).toBe('0.0.0.0');
        const service = named('Service', 'gateway') as K8sObject & { spec: { ports: { targetPort: string | number }[] } };
        expect(service.spec.ports.map((p) => portNamed(container, p.targetPort)?.containerPort)).not.toContain(metricsPort);
      }
    });

    it('keeps serving through a node drain (a PodDisruptionBudget below its replica count)', () => {
      const deployment = named<Workload>('Deployment', part.name);
      const pdbs = ofKind('PodDisruptionBudget').filter((p) => matches((p as K8sObject & { spec: { selector: { matchLabels: Labels } } }).spec.selector.matchLabels, deployment.spec.template.metadata.labels));
      expect(pdbs).toHaveLength(1);
      const hpa = ofKind('HorizontalPodAutoscaler').find((h) => (h as K8sObject & { spec: { scaleTargetRef: { name: string } } }).spec.scaleTargetRef.name === part.name) as (K8sObject & { spec: { minReplicas: number } }) | undefined;
      const fewest = hpa ? hpa.spec.minReplicas : (deployment.spec.replicas ?? 1);
      expect((pdbs[0] as K8sObject & { spec: { minAvailable: number } }).spec.minAvailable).toBeLessThan(fewest);
    });
  });

  it('give each container the Secret keys secrets.example.env lists, and every listed key to some part', () => {
    const used = new Set(workloads().flatMap((w) => w.spec.template.spec.containers.flatMap((c) => (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : [])))));
    expect([...used].sort()).toEqual(Object.keys(SECRET_EXAMPLE).sort());
    // The gateway never holds identity's signing key, nor a service the gateway's.
    expect(Object.keys(environmentOf(partContainer(PARTS.find((p) => p.name === 'gateway')!)))).not.toContain('SESSION_PRIVATE_KEY');
    for (const part of PARTS.filter((p) => p.name !== 'gateway')) expect(Object.keys(environmentOf(partContainer(part)))).not.toContain('INTERNAL_TOKEN_PRIVATE_KEY');
  });

  it("send the gateway's routes to the services' Services, on their ports", () => {
    const gateway = part('gateway');
    const config = gateway.schema.parse(environmentOf(partContainer(gateway))) as Record<string, string | undefined>;
    for (const service of PARTS.filter((p) => p.name !== 'gateway')) {
      const url = new URL(config[`${service.name.toUpperCase()}_URL`]!);
      const svc = named('Service', url.hostname) as K8sObject & { spec: { ports: { port: number }[] } };
      expect(svc.spec.ports.map((p) => p.port)).toContain(Number(url.port));
      expect(url.hostname).toBe(service.name);
    }
  });

  it('scale the gateway and catalog with autoscaling/v2 HorizontalPodAutoscalers on Deployments that leave them the count', () => {
    const hpas = ofKind('HorizontalPodAutoscaler') as (K8sObject & { spec: { scaleTargetRef: { apiVersion: string; kind: string; name: string }; minReplicas: number; maxReplicas: number } })[];
    expect(hpas.map((h) => h.apiVersion)).toEqual(hpas.map(() => 'autoscaling/v2'));
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['catalog', 'gateway']);
    for (const hpa of hpas) {
      expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
      // A replica count in the Deployment would reset the autoscaler's choice on every apply.
      expect(named<Workload>('Deployment', hpa.spec.scaleTargetRef.name).spec.replicas).toBeUndefined();
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });

  it('select pods that exist with every Service and PodDisruptionBudget', () => {
    const podLabels = workloads().map((w) => w.spec.template.metadata.labels);
    for (const o of [...ofKind('Service'), ...ofKind('PodDisruptionBudget')] as (K8sObject & { spec: { selector: Labels | { matchLabels: Labels } } })[]) {
      const selector = o.kind === 'Service' ? (o.spec.selector as Labels) : (o.spec.selector as { matchLabels: Labels }).matchLabels;
      expect([`${o.kind}/${o.metadata.name}`, podLabels.some((labels) => matches(selector, labels))]).toEqual([`${o.kind}/${o.metadata.name}`, true]);
    }
    for (const w of workloads()) expect(matches(w.spec.selector.matchLabels, w.spec.template.metadata.labels)).toBe(true);
  });

  it('give every container of every workload probes and resources', () => {
    for (const w of workloads())
      for (const c of w.spec.template.spec.containers) {
        expect([`${w.kind}/${w.metadata.name}/${c.name}`, Boolean(c.readinessProbe && c.livenessProbe && c.resources?.requests?.cpu && c.resources.requests.memory && c.resources.limits?.memory)]).toEqual([
          `${w.kind}/${w.metadata.name}/${c.name}`,
          true,
        ]);
      }
  });

  it('run NATS as a JetStream cluster of three, each server routing to the others and storing on its own volume', () => {
    const nats = named<Workload>('StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(3);
    const headless = named('Service', nats.spec.serviceName!) as K8sObject & { spec: { clusterIP: string } };
    expect(headless.spec.clusterIP).toBe('None');
    const conf = configMapData('nats-config')['nats.conf']!;
    expect(conf).toMatch(/jetstream\s*{[^}]*store_dir:\s*\/data/);
    const routes = [...conf.matchAll(/nats:\/\/([\w-]+)\.([\w-]+):6222/g)].map((m) => [m[1], m[2]]);
    expect(routes).toEqual([0, 1, 2].map((i) => [`nats-${i}`, nats.spec.serviceName]));
    // JetStream needs a unique server name per server: the pod's.
    expect(conf).toMatch(/server_name:\s*\$POD_NAME/);
    const container = nats.spec.template.spec.containers[0]!;
    expect(container.env).toContainEqual({ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });
    const dataMount = (container as Container & { volumeMounts: { name: string; mountPath: string }[] }).volumeMounts.find((m) => m.mountPath === '/data');
    expect(nats.spec.volumeClaimTemplates?.map((v) => v.metadata.name)).toEqual([dataMount?.name]);
    // Clients reach the cluster through the nats Service's client port.
    const natsUrl = new URL(configMapData('midway-common').NATS_URL!.split(',')[0]!);
    const client = named('Service', natsUrl.hostname) as K8sObject & { spec: { ports: { port: number; targetPort: string }[] } };
    expect(client.spec.ports.map((p) => [p.port, portNamed(container, p.targetPort)?.containerPort])).toEqual([[Number(natsUrl.port), Number(natsUrl.port)]]);
  });

  it('have every service keep its streams on all the NATS servers, so losing one loses no event', () => {
    const servers = named<Workload>('StatefulSet', 'nats').spec.replicas;
    for (const service of PARTS.filter((p) => p.name !== 'gateway')) {
      const config = service.schema.parse(environmentOf(partContainer(service))) as Record<string, unknown>;
      expect([service.name, config.NATS_STREAM_REPLICAS]).toEqual([service.name, servers]);
    }
  });

  it('reach the gateway from the Ingress, on a port its Service has', () => {
    const ingress = named('Ingress', 'midway') as K8sObject & { spec: { rules: { http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[] } };
    const backends = ingress.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service));
    expect(backends.map((b) => b.name)).toEqual(['gateway']);
    const service = named('Service', 'gateway') as K8sObject & { spec: { ports: { name: string; port: number }[] } };
    expect(service.spec.ports.some((p) => p.name === backends[0]!.port.name || p.port === backends[0]!.port.number)).toBe(true);
  });

  it('let through the Ingress the largest body the gateway takes (a photo upload)', () => {
    const size = named('Ingress', 'midway').metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m';
    const units: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
    const [, amount, unit] = /^(\d+)([kmg]?)$/i.exec(size)!;
    expect(Number(amount) * (units[unit!.toLowerCase()] ?? 1)).toBeGreaterThanOrEqual(PHOTO_MAX_BYTES);
  });
});

function part(name: string) {
  return PARTS.find((p) => p.name === name)!;
}

describe('the probe paths the manifests use', () => {
  const STARTERS = { identity: identityService, catalog: catalogService, logistics: logisticsService, billing: billingService, gateway: gatewayService } as const;

  it.each(PARTS.map((p) => [p.name, p] as const))('%s answers each of its HTTP probes (not 404) and its /metrics when started', async (name, deployable) => {
    const container = partContainer(deployable);
    const paths = [container.readinessProbe, container.livenessProbe, container.startupProbe].flatMap((p) => (p?.httpGet ? [p.httpGet.path] : []));
    expect(paths.length).toBeGreaterThan(0);
    // The gateway on an empty static folder, its identity nowhere: its probes answer without either.
    const overrides: Record<string, string> = name === 'gateway' ? { IDENTITY_URL: 'http://127.0.0.1:9', STATIC_ROOT: testEnv().tmpDir } : {};
    const entry = STARTERS[name as keyof typeof STARTERS] as unknown as ServiceEntry<unknown, { url: string; adminUrl?: string; stop(): Promise<void> }>;
    const running = await startService(entry, overrides);
    try {
      for (const probePath of paths) {
        const answer = await fetch(`${running.url}${probePath}`);
        expect([probePath, answer.status === 404 ? 'missing' : 'answers']).toEqual([probePath, 'answers']);
      }
      // What the scrape annotation points Prometheus at: the gateway's admin listener, a service's own port.
      const metrics = await fetch(`${name === 'gateway' ? running.adminUrl : running.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('process_cpu_seconds_total');
    } finally {
      await running.stop();
    }
  }, 60_000);
});
