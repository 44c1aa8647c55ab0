import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { BrowserReport } from '@agri/api-client';
import { report } from '../reports/browser-reports';

type LoadPhase = Extract<BrowserReport, { kind: 'remote-failure' }>['phase'];

/**
 * Where a remote failed to load, from the federation runtime's own hook (`errorLoadRemote`, which names the
 * lifecycle step): loading or running its entry, a chunk of it, the shared libraries, or the module it
 * exposes. (The shell names each remote's entry directly, so no manifest is fetched and none can fail; the
 * phase stays in the contract for the reports of older shells.) The runtime goes on as before (this plugin
 * returns nothing): the failure still shows as the remote's unavailable panel.
 */
export function phaseOf(lifecycle: string, error: unknown): LoadPhase {
  if (error instanceof Error && (error as Error & { phase?: LoadPhase }).phase) return (error as Error & { phase: LoadPhase }).phase;
  if (lifecycle === 'beforeLoadShare') return 'shared';
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/ChunkLoadError|Loading chunk/.test(text)) return 'chunk';
  if (/RUNTIME-008|ScriptExternalLoadError|remoteEntry|loadScript/i.test(text)) return 'entry';
  return 'expose';
}

export default function reportingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'browser-reports',
    errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      report({ kind: 'remote-failure', remote: id.split('/')[0]!, phase: phaseOf(lifecycle, error), message });
    },
  };
}
