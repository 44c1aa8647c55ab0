import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { unsatisfiedSingletons, type ManifestShared } from './singleton-check';

/**
 * Refuses a remote whose manifest needs a shared singleton in a version the shell does not provide, before
 * any of its code runs: its pages show "temporarily unavailable" instead of breaking the page.
 */
export default function compatibilityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'singleton-compatibility',
    loadRemoteSnapshot(args) {
      const { options, manifestJson } = args;
      if (!manifestJson) return args;
      // What the shell itself provides (the remotes' own fallbacks are listed too, under their names).
      const provided = new Map(
        Object.entries(options.shared).flatMap(([name, versions]) =>
          versions.filter((share) => share.from === options.name && share.version).map((share) => [name, share.version!] as const),
        ),
      );
      const problems = unsatisfiedSingletons(manifestJson.shared as ManifestShared[], provided);
      // Reported as a failure of the shared libraries (reporting-plugin.ts).
      if (problems.length) throw Object.assign(new Error(`${manifestJson.name} needs ${problems.join(', ')}`), { phase: 'shared' });
      return args;
    },
  };
}
