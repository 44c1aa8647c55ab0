// What the shell asks for before its own code has loaded (this module is in the entry chunk, with the
// federation runtime, and imports nothing shared): config.json, and then the manifest of the remote that
// owns the page, so that both travel while react-dom and the frame's code do.
import { fetchSiteConfig } from '../config/fetch-site-config';
import { ownerOf } from '../config/route-owners';

/** A manifest on its way; its time limit is set by whoever takes it (the federation runtime's bound). */
export interface EarlyManifest {
  response: Promise<Response>;
  abort: () => void;
}

const manifests = new Map<string, EarlyManifest>();

/** The manifest fetched early for this URL, if any; taken once, so a retry fetches afresh. */
export function takeEarlyManifest(url: string): EarlyManifest | undefined {
  const early = manifests.get(url);
  manifests.delete(url);
  return early;
}

/** The owner's manifest, named by config.json (not yet checked: only a string that makes a URL is used). */
function fetchOwnerManifest(config: unknown): void {
  const remotes = (config as { remotes?: Record<string, { manifest?: unknown; routes?: unknown }> } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') return;
  const prefixes = Object.fromEntries(
    Object.entries(remotes).map(([name, remote]) => [name, Array.isArray(remote?.routes) ? remote.routes.filter((r) => typeof r === 'string') : []]),
  );
  const owner = ownerOf(window.location.pathname, prefixes);
  const manifest = owner ? remotes[owner]?.manifest : undefined;
  if (typeof manifest !== 'string' || !URL.canParse(manifest, window.location.href)) return;
  const url = new URL(manifest, window.location.href).href;
  const controller = new AbortController();
  const response = fetch(url, { signal: controller.signal });
  response.catch(() => undefined); // a failure is met again, and reported, when the runtime takes it
  manifests.set(url, { response, abort: () => controller.abort() });
}

/** Starts config.json (and after it the owner's manifest) now; resolves with config.json's content. */
export function fetchEarly(): Promise<unknown> {
  const config = fetchSiteConfig();
  config.then(fetchOwnerManifest, () => undefined);
  return config;
}
