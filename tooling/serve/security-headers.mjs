// @ts-check
// The security headers of every static origin (the shell and each remote),
// derived from the site's config.json: the one place the policy is written.
// `npm start`, the e2e harness and the README's nginx example use the same set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { devOrigin } from '../build/apps.mjs';
import { reportSettings, siteConfigFor } from '../build/site-config.mjs';
import { inlineScriptHashes, shellPage } from '../build/island-loader.mjs';
import { rootDir } from '../machine/pnpm.mjs';

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

/**
 * Powerful features no page of the site uses, refused to the page and to every frame it embeds (the map and
 * the videos), so that no script that got in could ask a visitor for them. Only names Chromium knows: an
 * unknown one is a console error on every page. The video frames ask for the accelerometer and gyroscope
 * (YouTube's embed code, for 360° videos), so those keep their default (this origin and what it delegates).
 */
export const PERMISSIONS_POLICY = [
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Two years, subdomains included: the value HSTS preload lists ask for. Only ever sent for an HTTPS site. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * Where browsers send Content-Security-Policy violations: where the site's reports go (the API's POST /api/reports).
 *
 * @type {(siteConfig: { api: { apiBaseUrl: string }, reports?: { url: string } }) => string}
 */
export const reportsUrlOf = (siteConfig) => siteConfig.reports?.url ?? reportSettings(siteConfig.api).url;

/**
 * The origin of an absolute URL; none for a path on the site's own origin (a channel's releases).
 *
 * @type {(url: string) => string[]}
 */
const originOf = (url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []);

/**
 * @param {{ remotes: Record<string, { entry: string }>, api: { apiBaseUrl: string, requestsApiBaseUrl: string, imageOrigins?: string[] }, reports?: { url: string } }} siteConfig
 * @param {{ https?: boolean, loaders?: string[] }} [served] `https`: the site's visitors reach it over HTTPS (its
 *   public URL), so browsers are told to use nothing else (Strict-Transport-Security; never sent over plain HTTP).
 *   `loaders`: the island loaders the pages served may carry (one per build of the shell they were made with,
 *   shellPage), the only inline scripts but the speculation rules they add, each allowed by its hash.
 * @returns {{ 'Content-Security-Policy': string, 'Reporting-Endpoints'?: string, 'X-Frame-Options': string, 'X-Content-Type-Options': string,
 *   'Referrer-Policy': string, 'Permissions-Policy': string, 'Cross-Origin-Opener-Policy': string, 'Strict-Transport-Security'?: string }}
 */
export function securityHeaders(siteConfig, { https = false, loaders = [] } = {}) {
  // Remotes serve scripts, style sheets and images.
  const remotes = [...new Set(Object.values(siteConfig.remotes).flatMap((remote) => originOf(remote.entry)))];
  // The API answers calls and serves the course and event images (/static/...).
  const apis = [...new Set([siteConfig.api.apiBaseUrl, siteConfig.api.requestsApiBaseUrl].flatMap(originOf))];
  // A hosted API may keep its pictures elsewhere (a CDN): images only, never calls or scripts.
  const images = [...new Set([...apis, ...(siteConfig.api.imageOrigins ?? []).flatMap(originOf)])];
  const reportsUrl = reportsUrlOf(siteConfig);
  const reportsOverHttps = reportsUrl.startsWith('https://');
  const policy = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...inlineScriptHashes(loaders)],
    'style-src': ["'self'", ...remotes, ...Object.values(INLINE_STYLE_HASHES)],
    // blob: the preview of a photo a member of staff chose, before it is uploaded (it never leaves the browser).
    'img-src': ["'self'", 'blob:', ...remotes, ...images],
    // The browser's reports (web vitals, errors) are sent with sendBeacon, a connection like any call.
    'connect-src': ["'self'", ...new Set([...remotes, ...apis, ...originOf(reportsUrl)])],
    'frame-src': EMBED_ORIGINS,
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    // Violations are reported to the API. Browsers with the Reporting API (Chromium) use report-to and then
    // ignore report-uri; they deliver only to an HTTPS endpoint (measured: nothing reached an http://localhost
    // one), so report-to is named only for one.
    'report-uri': [reportsUrl],
    ...(reportsOverHttps ? { 'report-to': ['csp'] } : {}),
  };
  return {
    'Content-Security-Policy': Object.entries(policy)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; '),
    ...(reportsOverHttps ? { 'Reporting-Endpoints': `csp="${reportsUrl}"` } : {}),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // No window this site opens, or that opens it, keeps a handle on the other (window.opener, tab-nabbing).
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

// `node tooling/serve/security-headers.mjs <config.json> <the shell's build> [--https]` prints the set for a web
// server's configuration, for the pages made with that build of the shell (a release's folder).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, shellDir = join(rootDir, 'apps/shell/dist')] = process.argv.slice(2).filter((arg) => arg !== '--https');
  const config = file ? JSON.parse(readFileSync(file, 'utf8')) : siteConfigFor(devOrigin);
  const headers = securityHeaders(config, { https: process.argv.includes('--https'), loaders: [shellPage(shellDir).loader] });
  for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
}
