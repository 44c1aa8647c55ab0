import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyManifest, type EarlyManifest } from '../startup/early-fetches';
import { REMOTE_LOAD_TIMEOUT_MS } from './remote-timeout';

/**
 * The federation runtime fetches manifests with no timeout and waits 20 s for an entry script; a
 * hanging remote would hang its pages. This bounds both, and turns an HTTP error into an error at once.
 * The owner's manifest may have been fetched already, while the shell's code loaded (startup/early-fetches).
 */
/** An early manifest, bounded from the moment the runtime asks for it, like any fetch of its own. */
function withinBound(early: EarlyManifest): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      early.abort();
      reject(new DOMException(`no answer within ${REMOTE_LOAD_TIMEOUT_MS} ms`, 'TimeoutError'));
    }, REMOTE_LOAD_TIMEOUT_MS);
  });
  return Promise.race([early.response, timeout]).finally(() => clearTimeout(timer));
}

export default function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bounded-loading',
    async fetch(url, init) {
      const early = takeEarlyManifest(url);
      const response = await (early
        ? withinBound(early)
        : fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS) }));
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
    createScript() {
      return { timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
  };
}
