// @ts-check
// The config.json of a site whose apps run each on its own server (dev servers, the e2e harness): the
// remotes' entry scripts, the singletons each requires (shared-libraries.mjs) and the route prefixes each owns
// (the `remote` field of its package.json, apps.mjs), and the API. A channel's config.json (tooling/delivery)
// names releases instead.
import { apiPort, remoteApps } from './apps.mjs';
import { singletonRequirements } from './shared-libraries.mjs';

/** The API settings of a site on this machine's reference API. */
export const localApiSettings = (apiOrigin = `http://localhost:${apiPort}`) => ({
  apiBaseUrl: `${apiOrigin}/api/`,
  requestsApiBaseUrl: `${apiOrigin}/requests/`,
  chatNumber: '254722000000',
  // The API's pictures are read from the site's own origin, whose server passes /static/ on to the API
  // (tooling/serve/api-pictures.mjs): the picture at the top of a page comes without a connection of its own.
  picturesPath: '/static/',
  // The reference API takes M-Pesa payments (through the kit's Daraja simulator unless MPESA_BASE_URL names Safaricom).
  mpesa: true,
});

/**
 * Where a site's browsers send their reports (the reference API's POST /api/reports), and which share of visits do.
 *
 * @type {(api: { apiBaseUrl: string }, sampleRate?: number) => { url: string, sampleRate: number }}
 */
export const reportSettings = (api, sampleRate = 1) => ({ url: new URL('reports', api.apiBaseUrl).href, sampleRate });

/**
 * @param {(name: string) => string} originOf  where each app is served, e.g. http://localhost:3001
 * @param {string} [apiOrigin]
 */
export function siteConfigFor(originOf, apiOrigin) {
  return {
    remotes: Object.fromEntries(
      remoteApps.map((app) => [app.name, { entry: `${originOf(app.name)}/remoteEntry.js`, requires: singletonRequirements(app.dir), routes: app.routes }]),
    ),
    api: localApiSettings(apiOrigin),
    reports: reportSettings(localApiSettings(apiOrigin)),
  };
}
