import type { PublicConfig, RemoteName, RuntimeManifest } from '@midway/contracts';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { useCallback, useEffect, useState } from 'react';

/** Type-checked against the contract's literal, without bundling the contracts' zod schemas. */
const RUNTIME_MANIFEST_PATH: typeof import('@midway/contracts').RUNTIME_MANIFEST_PATH = '/runtime-manifest.json';

let manifestPromise: Promise<RuntimeManifest> | undefined;
/** The manifest once fetched, so a component mounted later renders it at once. */
let loadedManifest: RuntimeManifest | undefined;

async function fetchManifest(): Promise<RuntimeManifest> {
  const res = await fetch(RUNTIME_MANIFEST_PATH, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const manifest = (await res.json()) as RuntimeManifest;
  if (!Array.isArray(manifest.remotes) || typeof manifest.config !== 'object') throw new Error('Malformed runtime manifest');
  registerRemotes(manifest.remotes.map(({ name, entry }) => ({ name, entry })));
  loadedManifest = manifest;
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

export interface PublicConfigState {
  data: PublicConfig | undefined;
  isError: boolean;
  /** Asks again after a failure. */
  refetch(): void;
}

/**
 * Product name and contact details (spec: the phone number comes from configuration). Plain state, no React Query:
 * the signed-out landing page renders from it.
 */
export function usePublicConfig(): PublicConfigState {
  const [state, setState] = useState<{ data?: PublicConfig; isError: boolean }>(() => ({ data: loadedManifest?.config, isError: false }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const loaded = loadedManifest;
    if (loaded) {
      setState((s) => (s.data === loaded.config ? s : { data: loaded.config, isError: false }));
      return;
    }
    let live = true;
    getRuntimeManifest().then(
      (m) => live && setState({ data: m.config, isError: false }),
      () => live && setState({ isError: true }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const refetch = useCallback(() => {
    setState({ isError: false });
    setAttempt((a) => a + 1);
  }, []);
  return { data: state.data, isError: state.isError, refetch };
}
