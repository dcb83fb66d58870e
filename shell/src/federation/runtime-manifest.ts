import type { RemoteName, RuntimeManifest } from '@midway/contracts';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { useQuery } from '@tanstack/react-query';

/** Type-checked against the contract's literal, without bundling the contracts' zod schemas. */
const RUNTIME_MANIFEST_PATH: typeof import('@midway/contracts').RUNTIME_MANIFEST_PATH = '/runtime-manifest.json';

let manifestPromise: Promise<RuntimeManifest> | undefined;

async function fetchManifest(): Promise<RuntimeManifest> {
  const res = await fetch(RUNTIME_MANIFEST_PATH, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const manifest = (await res.json()) as RuntimeManifest;
  if (!Array.isArray(manifest.remotes) || typeof manifest.config !== 'object') throw new Error('Malformed runtime manifest');
  registerRemotes(manifest.remotes.map(({ name, entry }) => ({ name, entry })));
  return manifest;
}

/** The manifest, fetched once; a failed fetch is forgotten so a retry asks again. */
export function getRuntimeManifest(): Promise<RuntimeManifest> {
  if (!manifestPromise) {
    manifestPromise = fetchManifest().catch((error: unknown) => {
      manifestPromise = undefined;
      throw error;
    });
  }
  return manifestPromise;
}

export function startLoadingManifest(): void {
  getRuntimeManifest().catch(() => {
    // Reported by whichever remote or panel needs it (error boundary with retry).
  });
}

/** Re-registers one remote so the federation runtime forgets a failed remoteEntry load before a retry. */
export async function resetRemote(name: RemoteName): Promise<void> {
  const manifest = await getRuntimeManifest();
  const remote = manifest.remotes.find((r) => r.name === name);
  if (remote) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
}

/** Product name and contact details (spec: the phone number comes from configuration). */
export function usePublicConfig() {
  return useQuery({ queryKey: [RUNTIME_MANIFEST_PATH], queryFn: getRuntimeManifest, select: (m) => m.config });
}
