import { satisfy } from '@module-federation/enhanced/runtime';

/**
 * The singletons a remote needs in a version the shell does not provide, e.g. "react ^20.0.0 (the site has
 * 19.2.1)", from what config.json says the remote requires (its release.json's `requires`: name → range).
 * Singletons exist once in the page, so a remote built for another major of React or React Router cannot
 * work here; the release gate refuses it, and this check catches one that slipped through (a preview, a
 * forced promotion).
 */
export function unsatisfiedSingletons(requires: Readonly<Record<string, string>>, provided: ReadonlyMap<string, string>): string[] {
  return Object.entries(requires).flatMap(([name, range]) => {
    const version = provided.get(name);
    if (!version || satisfy(version, range)) return [];
    return [`${name} ${range} (the site has ${version})`];
  });
}
