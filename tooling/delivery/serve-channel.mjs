// @ts-check
// Serves a channel from the deploy folder the way a static host or CDN would: the channel's folder at the
// root (a prerendered page per public path, app.html for every other path, config.json) and every release
// under /releases/.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ISLAND_LOADER_FILE, shellPage } from '../build/island-loader.mjs';
import { reportSettings } from '../build/site-config.mjs';
import { apiPicturesOf } from '../serve/api-pictures.mjs';
import { securityHeaders } from '../serve/security-headers.mjs';
import { serveStatic } from '../serve/static-server.mjs';
import { CLIENT_PAGE, channelDir, liveVersions, PRODUCTION, readChannel, readJson, releaseDir, releasesDir } from './store.mjs';

/**
 * @param {object} options
 * @param {string} options.channel
 * @param {number} options.port       0 for any free port
 * @param {import('./store.mjs').ApiSettings} [options.api]  API settings to serve in place of the channel's (QA: a test-mode API)
 * @param {string} [options.pages]    prerendered pages to serve in place of the channel's (QA: made with that API)
 * @returns {Promise<import('node:http').Server>}
 */
export async function serveChannel({ channel, port, api, pages }) {
  const dir = channelDir(channel);
  const configFile = join(dir, 'config.json');
  if (!existsSync(configFile) || !existsSync(join(dir, CLIENT_PAGE))) {
    throw new Error(`channel ${channel} has no live shell yet (npm run promote -- shell@<version> --to ${channel}).`);
  }
  // config.json is read for each request, so a promotion shows on the next page load.
  /** @type {() => import('./store.mjs').ChannelConfig} */
  const config = () => {
    const current = /** @type {import('./store.mjs').ChannelConfig} */ (readJson(configFile));
    return api ? { ...current, api, reports: { ...current.reports, ...reportSettings(api, current.reports?.sampleRate) } } : current;
  };
  return serveStatic({
    dir,
    port,
    pages: pages ?? dir,
    fallback: CLIENT_PAGE,
    mounts: { '/releases/': releasesDir() },
    headers: channelHeaders(channel, config),
    files: api ? { '/config.json': () => JSON.stringify(config()) } : {},
    pictures: apiPicturesOf(config().api),
  });
}

/**
 * The channel's headers, as it is now: its security headers, for its API settings and the island loaders of the
 * shell releases in its stack (the live one, and those under it, whose pages are served until they are made again;
 * a release made before the loader was a file of its own has none); HSTS when the channel's public address is HTTPS
 * (a TLS proxy or CDN in front of this server). Only production is for search engines: staging and the others must
 * never compete with it. The releases are on this origin, so they add no origin to the policy. Made again only
 * when one of these changes.
 *
 * @param {string} channel
 * @param {() => import('./store.mjs').ChannelConfig} config
 * @returns {() => import('../serve/static-server.mjs').Headers}
 */
function channelHeaders(channel, config) {
  /** @type {{ key: string | null, headers: import('../serve/static-server.mjs').Headers | null }} */
  let made = { key: null, headers: null };
  return () => {
    const { stacks, siteUrl } = readChannel(channel);
    const current = config();
    const key = JSON.stringify([current, stacks.shell, siteUrl]);
    if (key === made.key) return /** @type {import('../serve/static-server.mjs').Headers} */ (made.headers);
    const loaders = (stacks.shell ?? []).flatMap((version) =>
      existsSync(join(releaseDir('shell', version), ISLAND_LOADER_FILE)) ? [shellPage(releaseDir('shell', version)).loader] : [],
    );
    const headers = {
      ...securityHeaders(current, { https: siteUrl.startsWith('https://'), loaders }),
      ...(channel === PRODUCTION ? {} : { 'X-Robots-Tag': 'noindex' }),
    };
    made = { key, headers };
    return headers;
  };
}

/**
 * Serves each channel on its port (`npm start`). One that cannot be served is told to `log` and left out, except
 * production, the site itself: then this throws, saying why (a port taken: by what, most likely).
 *
 * @param {{ channel: string, port: number }[]} channels
 * @param {{ log: (line: string) => void }} options
 * @returns {Promise<{ channel: string, port: number, server: import('node:http').Server }[]>} the channels served
 */
export async function serveChannels(channels, { log }) {
  /** @type {{ channel: string, port: number, server: import('node:http').Server }[]} */
  const served = [];
  for (const { channel, port } of channels) {
    try {
      served.push({ channel, port, server: await serveChannel({ channel, port }) });
    } catch (error) {
      const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
      const why = code === 'EADDRINUSE' ? `port ${port} is taken by another program, perhaps another npm start or a dev server` : message.replace(/\.$/, '');
      if (channel === PRODUCTION) throw new Error(`${channel} cannot be served: ${why}`, { cause: error });
      log(`  ${channel}: not served (${why})`);
    }
  }
  return served;
}

/**
 * What the channel runs now, one line per app.
 *
 * @type {(channel: string) => string[]}
 */
export const describeChannel = (channel) => Object.entries(liveVersions(readChannel(channel))).map(([app, version]) => `${app.padEnd(10)} ${version}`);
