import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_LOAD_TIMEOUT_MS } from './remote-timeout';

/** The federation runtime waits 20 s for an entry script; this sets the shell's own bound. */
export default function boundedLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bounded-loading',
    createScript() {
      return { timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
  };
}
