import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long a remote's manifest or entry may take before its slot shows "unavailable". */
export const REMOTE_LOAD_TIMEOUT_MS = 4000;

/**
 * The federation runtime fetches manifests with no timeout and waits 20 s for
 * an entry script; a hanging remote would hang its pages. This bounds both.
 */
export default function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bounded-loading',
    fetch(url, init) {
      return fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS) });
    },
    createScript() {
      return { timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
  };
}
