import { satisfy } from '@module-federation/enhanced/runtime';

/** One shared library as a remote's manifest lists it. */
export interface ManifestShared {
  name: string;
  version?: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/**
 * The singletons a remote needs in a version the shell does not provide, e.g. "react ^20.0.0 (the site has
 * 19.2.1)". Singletons exist once in the page, so a remote built for another major of React or React Router
 * cannot work here; the release gate refuses it, and this check catches one that slipped through.
 */
export function unsatisfiedSingletons(shared: readonly ManifestShared[], provided: ReadonlyMap<string, string>): string[] {
  return shared.flatMap(({ name, singleton, requiredVersion }) => {
    const version = provided.get(name);
    if (!singleton || typeof requiredVersion !== 'string' || !version || satisfy(version, requiredVersion)) return [];
    return [`${name} ${requiredVersion} (the site has ${version})`];
  });
}
