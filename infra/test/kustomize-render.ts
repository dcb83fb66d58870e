import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * Renders a kustomization the way `kubectl kustomize` does, for the fields our manifests use (resources,
 * namespace, images, JSON 6902 patches), so the manifests are checked on a machine without kubectl. A
 * kustomization using any other field fails here rather than being rendered without it.
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}
interface PatchRule {
  target: { kind?: string; name?: string };
  patch: string;
}
interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: ImageRule[];
  patches?: PatchRule[];
}

const APPLIED = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume', 'StorageClass', 'PriorityClass']);

export function renderKustomization(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = parse(fs.readFileSync(file, 'utf8')) as Kustomization & Record<string, unknown>;
  const unapplied = Object.keys(k).filter((key) => !APPLIED.has(key));
  if (unapplied.length) throw new Error(`${file}: ${unapplied.join(', ')} not applied by this renderer; teach it or keep to its fields`);

  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const at = path.resolve(dir, resource);
    if (fs.statSync(at).isDirectory()) objects.push(...renderKustomization(at));
    else objects.push(...parseAllDocuments(fs.readFileSync(at, 'utf8')).map((d) => d.toJS() as K8sObject | null).filter((o): o is K8sObject => o !== null));
  }
  for (const rule of k.patches ?? []) {
    const targets = objects.filter((o) => (!rule.target.kind || o.kind === rule.target.kind) && (!rule.target.name || o.metadata.name === rule.target.name));
    if (!targets.length) throw new Error(`${file}: a patch targets ${JSON.stringify(rule.target)}, which no resource is`);
    const ops = parse(rule.patch) as JsonPatchOp[];
    for (const target of targets) applyJsonPatch(target, ops);
  }
  for (const rule of k.images ?? []) for (const o of objects) for (const c of containersOf(o)) c.image = retagged(c.image, rule);
  if (k.namespace) for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  return objects;
}

interface Container {
  name: string;
  image: string;
}

/** The containers of a workload's pod template (or of a bare Pod). */
export function containersOf(o: K8sObject): Container[] {
  type PodSpec = { containers?: Container[]; initContainers?: Container[] };
  const spec = o.spec as { template?: { spec?: PodSpec }; jobTemplate?: { spec?: { template?: { spec?: PodSpec } } } } & PodSpec | undefined;
  const pod = spec?.template?.spec ?? spec?.jobTemplate?.spec?.template?.spec ?? (o.kind === 'Pod' ? spec : undefined);
  return [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])];
}

/** An image reference with kustomize's `images` rule applied when its name matches. */
function retagged(image: string, rule: ImageRule): string {
  const match = /^(?<name>[^@]+?)(?::(?<tag>[^:/@]+))?(?:@(?<digest>.+))?$/.exec(image);
  if (!match?.groups || match.groups.name !== rule.name) return image;
  const name = rule.newName ?? match.groups.name;
  if (rule.digest) return `${name}@${rule.digest}`;
  const tag = rule.newTag ?? match.groups.tag;
  return tag ? `${name}:${tag}` : name;
}

interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

function applyJsonPatch(doc: object, ops: JsonPatchOp[]): void {
  for (const { op, path: pointer, value } of ops) {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    let parent: Record<string, unknown> | unknown[] = doc as Record<string, unknown>;
    for (const key of keys) {
      const next = (parent as Record<string, unknown>)[key];
      if (next === undefined || next === null || typeof next !== 'object') throw new Error(`patch path ${pointer}: ${key} does not exist`);
      parent = next as Record<string, unknown>;
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op === 'add') parent.splice(index, 0, value);
      else if (op === 'replace') parent[index] = value;
      else parent.splice(index, 1);
    } else {
      if (op !== 'add' && !(last in parent)) throw new Error(`patch path ${pointer} does not exist for ${op}`);
      if (op === 'remove') delete parent[last];
      else parent[last] = value;
    }
  }
}
