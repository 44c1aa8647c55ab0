import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { unsatisfiedSingletons } from './singleton-check';

/** What each remote requires, as config.json says (set when the remotes are registered, remotes.ts). */
const requirements = new Map<string, Record<string, string>>();

export function setRequirements(name: string, requires: Record<string, string>): void {
  requirements.set(name, requires);
}

/**
 * Refuses a remote that needs a shared singleton in a version the shell does not provide, before its entry
 * is fetched or any of its code runs: its pages show "temporarily unavailable" instead of breaking the page.
 */
export default function compatibilityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'singleton-compatibility',
    afterResolve(args) {
      const { options, remote } = args;
      // What the shell itself provides (the remotes' own fallbacks are listed too, under their names).
      const provided = new Map(
        Object.entries(options.shared).flatMap(([name, versions]) =>
          versions.filter((share) => share.from === options.name && share.version).map((share) => [name, share.version!] as const),
        ),
      );
      const problems = unsatisfiedSingletons(requirements.get(remote.name) ?? {}, provided);
      // Reported as a failure of the shared libraries (reporting-plugin.ts).
      if (problems.length) throw Object.assign(new Error(`${remote.name} needs ${problems.join(', ')}`), { phase: 'shared' });
      return args;
    },
  };
}
