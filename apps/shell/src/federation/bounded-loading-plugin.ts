import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * How long one fetch of a remote's manifest or entry may take before its slot shows "unavailable".
 * Generous on purpose: visitors on slow mobile links are the normal case, and slow is not down. What
 * is down fails at once instead: a refused connection, an HTTP error, a manifest that is not JSON.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

/**
 * The federation runtime fetches manifests with no timeout and waits 20 s for an entry script; a
 * hanging remote would hang its pages. This bounds both, and turns an HTTP error into an error at once.
 */
export default function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bounded-loading',
    async fetch(url, init) {
      const response = await fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
    createScript() {
      return { timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
  };
}
