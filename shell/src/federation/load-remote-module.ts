import type { RemoteModuleId, RemoteModules, RemoteName } from '@midway/contracts';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { getRuntimeManifest, resetRemote } from './runtime-manifest';

export class RemoteUnavailableError extends Error {
  constructor(readonly moduleId: RemoteModuleId, cause?: unknown) {
    super(`Remote module ${moduleId} is unavailable`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

export function remoteNameOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

const loaded = new Map<RemoteModuleId, unknown>();

/** An exposed module already loaded on this page, to render without suspending. */
export function loadedRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModules[Id] | undefined {
  return loaded.get(id) as RemoteModules[Id] | undefined;
}

/** Loads an exposed module of a remote registered from the runtime manifest; never resolves to null. */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id, options: { retry?: boolean } = {}): Promise<RemoteModules[Id]> {
  const manifest = await getRuntimeManifest();
  const name = remoteNameOf(id);
  if (!manifest.remotes.some((r) => r.name === name)) throw new RemoteUnavailableError(id);
  if (options.retry) await resetRemote(name);
  let mod: RemoteModules[Id] | null;
  try {
    mod = await loadRemote<RemoteModules[Id]>(id);
  } catch (error) {
    throw new RemoteUnavailableError(id, error);
  }
  // Every exposed module the shell loads has a default export (ClientDashboard's lifecycles are mounted by client.html).
  const exported = (mod as { default?: unknown } | null)?.default;
  if (!mod || typeof exported !== 'function' && typeof exported !== 'object') throw new RemoteUnavailableError(id);
  loaded.set(id, mod);
  return mod;
}
