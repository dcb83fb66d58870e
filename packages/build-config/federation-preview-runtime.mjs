// The federation runtime's core for a remote's standalone preview page (/remotes/<dir>/index.html), loaded before
// the remote's main.js. A remote's build takes the core from this global (experiments.externalRuntime) because in
// the product the shell provides it (federation-provide-runtime.mjs); the preview has no shell.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
