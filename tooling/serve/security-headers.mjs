// The security headers of every static origin (the shell and each remote),
// derived from the site's config.json: the one place the policy is written.
// `npm start`, the e2e harness and the README's nginx example use the same set.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PAGE_CODE_LOADER } from '../prerender/page-html.mjs';
import { siteConfigFor } from '../build/site-config.mjs';
import { apps } from '../build/apps.mjs';

/** Frames the pages embed: the contact page's map and the about/event videos. */
const EMBED_ORIGINS = ['https://www.openstreetmap.org', 'https://www.youtube-nocookie.com'];

/**
 * The only inline style sheets the site has, allowed by hash rather than with
 * 'unsafe-inline' (security-headers.test.mjs checks them against their sources):
 * the start-up spinner in the shell's index.html, and the copy of
 * ReactToastify.css that react-toastify 11 injects as a <style> element.
 */
export const INLINE_STYLE_HASHES = {
  shellSpinner: "'sha256-SEWCaOzpYdnUdQSzK/p4nm3v3LUNJL1mmbWWcvu/qg0='",
  reactToastify: "'sha256-wBAOjWqzlHdwhuIyV//yRl4v0VNTHc3TOqbIfNXoA7k='",
};

/** The only inline script: the one a prerendered page asks for its code with, allowed by its hash. */
export const INLINE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_CODE_LOADER).digest('base64')}'`;

/** The origin of an absolute URL; none for a path on the site's own origin (a channel's releases). */
const originOf = (url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []);

/**
 * @param {{ remotes: Record<string, { manifest: string }>, api: { apiBaseUrl: string, requestsApiBaseUrl: string, imageOrigins?: string[] } }} siteConfig
 * @returns {{ 'Content-Security-Policy': string, 'X-Frame-Options': string, 'X-Content-Type-Options': string, 'Referrer-Policy': string }}
 */
export function securityHeaders(siteConfig) {
  // Remotes serve scripts, style sheets and images, and their manifests are fetched.
  const remotes = [...new Set(Object.values(siteConfig.remotes).flatMap((remote) => originOf(remote.manifest)))];
  // The API answers calls and serves the course and event images (/static/...).
  const apis = [...new Set([siteConfig.api.apiBaseUrl, siteConfig.api.requestsApiBaseUrl].flatMap(originOf))];
  // A hosted API may keep its pictures elsewhere (a CDN): images only, never calls or scripts.
  const images = [...new Set([...apis, ...(siteConfig.api.imageOrigins ?? []).flatMap(originOf)])];
  const policy = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, INLINE_SCRIPT_HASH],
    'style-src': ["'self'", ...remotes, ...Object.values(INLINE_STYLE_HASHES)],
    'img-src': ["'self'", ...remotes, ...images],
    'connect-src': ["'self'", ...remotes, ...apis],
    'frame-src': EMBED_ORIGINS,
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return {
    'Content-Security-Policy': Object.entries(policy)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

// `node tooling/security-headers.mjs <config.json>` prints the set for a web server's configuration.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  const config = file ? JSON.parse(readFileSync(file, 'utf8')) : siteConfigFor((name) => `http://localhost:${apps.find((app) => app.name === name).port}`);
  const headers = securityHeaders(config);
  for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
}
