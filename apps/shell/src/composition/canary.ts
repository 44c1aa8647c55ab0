import type { SiteConfig } from '../config/site-config';

/** This browser's canary bucket, 0 to 99: drawn once at random, kept for this site only. */
const BUCKET_KEY = 'shell:canary-bucket';

function bucket(): number {
  const kept = Number(localStorage.getItem(BUCKET_KEY));
  if (localStorage.getItem(BUCKET_KEY) !== null && Number.isInteger(kept) && kept >= 0 && kept < 100) return kept;
  const drawn = crypto.getRandomValues(new Uint32Array(1))[0]! % 100;
  localStorage.setItem(BUCKET_KEY, String(drawn));
  return drawn;
}

/**
 * The releases this visitor gets: a remote in canary is its canary release for the buckets below its share
 * (a canary at 10 % is buckets 0 to 9), its live release for the rest. The bucket is random and stays, so a
 * visitor is on the same side on every page and reload until the canary ends; it names nobody and is never
 * sent anywhere. A preview, applied after this, overrides it for its tab.
 */
export function applyCanaries(config: SiteConfig): SiteConfig {
  const canaries = Object.entries(config.remotes).filter(([, remote]) => remote.canary);
  if (!canaries.length) return config;
  let mine: number;
  try {
    mine = bucket();
  } catch {
    return config; // storage refused (a locked-down browser): the live releases, which every visitor may get
  }
  const remotes = { ...config.remotes };
  for (const [name, { canary }] of canaries) {
    if (mine < canary!.share) remotes[name] = { manifest: canary!.manifest, routes: canary!.routes, version: canary!.version };
  }
  return { ...config, remotes };
}
