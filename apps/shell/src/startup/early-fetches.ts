// What the shell asks for before its own code has loaded (this module is in the entry chunk, with the
// federation runtime, and imports nothing shared): config.json, and then the entry script of the remote that
// owns the page, so that both travel while react-dom and the frame's code do.
import { fetchSiteConfig } from '@agri/ui/config';
import { ownerOf } from '../config/route-owners';

/**
 * The owner's entry, named by config.json (not yet checked: only a string that makes an http(s) URL is used),
 * asked for now as a preload: the federation runtime's own script element takes it from there, and runs it
 * only once the compatibility check has passed.
 */
function preloadOwnerEntry(config: unknown): void {
  const remotes = (config as { remotes?: Record<string, { entry?: unknown; routes?: unknown }> } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') return;
  const prefixes = Object.fromEntries(
    Object.entries(remotes).map(([name, remote]) => [name, Array.isArray(remote?.routes) ? remote.routes.filter((r) => typeof r === 'string') : []]),
  );
  const owner = ownerOf(window.location.pathname, prefixes);
  const entry = owner ? remotes[owner]?.entry : undefined;
  if (typeof entry !== 'string' || !URL.canParse(entry, window.location.href)) return;
  const url = new URL(entry, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
  const hint = document.createElement('link');
  hint.rel = 'preload';
  hint.setAttribute('as', 'script');
  hint.href = url.href;
  document.head.append(hint);
}

/**
 * Starts config.json (and after it the owner's entry) now; resolves with config.json's content. On a document with
 * islands its loader has read config.json already, and fetched all of the islands' code at once: taken as it is,
 * so the code asked for at a tap comes in one wave, with no round trip for config.json after it.
 */
export function fetchEarly(): Promise<unknown> {
  const read = window.agriIslands?.config;
  if (read !== undefined) return Promise.resolve(read);
  const config = fetchSiteConfig();
  config.then(preloadOwnerEntry, () => undefined);
  return config;
}
