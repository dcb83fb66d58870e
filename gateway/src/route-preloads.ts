import fs from 'node:fs';
import path from 'node:path';
import { PRELOAD_MANIFEST_FILE, SIGNED_IN_SHELL_PAGE, type PageLoadPlan, type PreloadManifest } from '@midway/contracts';

type Manifests = { shell: PreloadManifest | null; remotes: Map<string, PreloadManifest | null> };

/**
 * The scripts a page needs, from the builds' preload manifests (PreloadManifest): the signed-in shell's own and
 * shared modules, the route remote's entry, exposed module and page chunks, and the shell's copies of the shared
 * modules those consume. The HTML preloads them all,
 * so the browser fetches them together instead of finding each one only after the previous one has run. A build
 * without a manifest (an older build, a test root) only loses its preloads. Manifests are read again when a build
 * replaces them.
 */
export class RoutePreloads {
  private cache = new Map<string, { mtimeMs: number; manifest: PreloadManifest | null }>();

  constructor(private readonly root: string) {}

  /** URLs to preload for a page rendered by `plan`'s remote: the shell's entry, then the remote's, then the rest. */
  scripts(plan: Pick<PageLoadPlan, 'remoteDir' | 'module' | 'page'>): string[] {
    const entry = `/remotes/${plan.remoteDir}/remoteEntry.js`;
    const shell = this.read(path.join(this.root, 'shell', 'dist'));
    // The shell's main.js first: as a plain deferred script it has low priority, and the browser would fetch it
    // only after every preload below, late into a slow line's load.
    const shellEntry = (shell?.entry ?? []).map((f) => `/${f}`);
    if (plan.remoteDir === 'mf-landing') return [...shellEntry, entry];
    const remote = this.read(path.join(this.root, plan.remoteDir, 'dist'));
    const expose = `./${plan.module.split('/')[1]}`;
    // Shared modules the remote's code consumes come from the shell, which provides them to every remote.
    const sharedKeys = [...(remote?.exposeShared[expose] ?? []), ...(plan.page ? (remote?.pageShared[plan.page] ?? []) : [])];
    const urls = [
      ...shellEntry,
      entry,
      ...[...(shell?.pages[SIGNED_IN_SHELL_PAGE] ?? []), ...sharedKeys.flatMap((k) => shell?.shared[k] ?? [])].map((f) => `/${f}`),
      ...[...(remote?.exposes[expose] ?? []), ...(plan.page ? (remote?.pages[plan.page] ?? []) : [])].map((f) => `/remotes/${plan.remoteDir}/${f}`),
    ];
    return [...new Set(urls)];
  }

  private read(dist: string): PreloadManifest | null {
    const file = path.join(dist, PRELOAD_MANIFEST_FILE);
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const cached = this.cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.manifest;
    let manifest: PreloadManifest | null = null;
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PreloadManifest>;
      // Only plain relative file names: a manifest never points outside its build.
      const files = (xs: unknown) => (Array.isArray(xs) ? xs.filter((f): f is string => typeof f === 'string' && /^[\w.-]+\.js$/.test(f)) : []);
      const keys = (xs: unknown) => (Array.isArray(xs) ? xs.filter((k): k is string => typeof k === 'string') : []);
      const table = <T>(t: unknown, each: (v: unknown) => T) => Object.fromEntries(Object.entries(t && typeof t === 'object' ? t : {}).map(([k, v]) => [k, each(v)]));
      manifest = {
        pages: table(parsed.pages, files),
        exposes: table(parsed.exposes, files),
        pageShared: table(parsed.pageShared, keys),
        exposeShared: table(parsed.exposeShared, keys),
        shared: table(parsed.shared, files),
        entry: files(parsed.entry),
      };
    } catch {
      manifest = null;
    }
    this.cache.set(file, { mtimeMs, manifest });
    return manifest;
  }
}
