// A federation runtime plugin for the shell (federation.cjs adds it): hands the shell's own copy of the runtime's core
// to the remotes, whose builds take `@module-federation/runtime-core` from the global _FEDERATION_RUNTIME_CORE
// (experiments.externalRuntime) instead of carrying a copy each (56 KB of every remoteEntry.js, evaluated on every
// signed-in page). The federation package's own provider (experiments.provideExternalRuntime) requires the core's
// CommonJS build, a second copy in the shell next to the ES one its runtime uses; this imports that very ES module.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCore() {
  return {
    name: 'midway-provide-runtime-core',
    beforeInit(args) {
      // Set before the first remote entry is evaluated: the host's init runs at the start of main.js.
      runtimeCore.Global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
