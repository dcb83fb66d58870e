// Stands in for @module-federation/sdk's dist/env.js in the browser builds (federation.cjs replaces it; the build
// fails if the original's exports change). The original asks localStorage whether the federation runtime's debug
// logging is on, every time the runtime starts: it was each page's first localStorage access, a synchronous round
// trip to the browser process (1-13 ms on an idle machine here, more while the page's scripts arrive). Debug
// logging is switched on at build time instead (DefinePlugin FEDERATION_DEBUG), as the original also allows.
/* global ENV_TARGET, FEDERATION_DEBUG */
const isBrowserEnvValue =
  typeof ENV_TARGET !== 'undefined' ? ENV_TARGET === 'web' : typeof window !== 'undefined' && typeof window.document !== 'undefined';

function isBrowserEnv() {
  return isBrowserEnvValue;
}

function isReactNativeEnv() {
  return typeof navigator !== 'undefined' && navigator?.product === 'ReactNative';
}

function isDebugMode() {
  return typeof FEDERATION_DEBUG !== 'undefined' && Boolean(FEDERATION_DEBUG);
}

const getProcessEnv = function () {
  return typeof process !== 'undefined' && process.env ? process.env : {};
};

export { getProcessEnv, isBrowserEnv, isBrowserEnvValue, isDebugMode, isReactNativeEnv };
