// @ts-check
// What a site tells search engines beside its pages, made with them (and so as fresh as them): sitemap.xml
// (every public page, with the date its data last changed), robots.txt (what to crawl, where the sitemap is)
// and .routes.json (not served: the paths and routes that are pages, so that the server answers any other
// path 404, never a "soft 404" at 200). A channel other than production asks not to be indexed at all.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import writeFileAtomic from 'write-file-atomic';

/** The file the server reads to tell a page from a path that is not one (tooling/serve/static-server.mjs). */
export const ROUTES_FILE = '.routes.json';

/**
 * Kenya's date now (UTC+3: the contract's kenyanDate, which plain Node cannot import): an event that ended before it is over.
 *
 * @param {Date} now
 */
const kenyanToday = (now) => new Date(now.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * A page's entry in the sitemap, from the structured data it carries (its JSON-LD): `lastmod`, the latest
 * date its data says it changed (or was published); `listed`, false for an event that has ended.
 *
 * @param {unknown[]} structuredData  the page's JSON-LD blocks, each a thing or a list of them
 * @returns {SitemapEntry}
 */
export function sitemapEntryOf(structuredData, now = new Date()) {
  /** @type {Record<string, unknown>[]} */
  const things = structuredData.flatMap((block) => (Array.isArray(block) ? block : [block]));
  const dates = things
    .map((thing) => thing.dateModified ?? thing.datePublished)
    .filter(/** @returns {date is string} */ (date) => typeof date === 'string' && !Number.isNaN(Date.parse(date)));
  const lastmod = dates.length ? new Date(Math.max(...dates.map((date) => Date.parse(date)))).toISOString() : null;
  const ended = things.some((thing) => thing['@type'] === 'Event' && typeof thing.endDate === 'string' && thing.endDate.slice(0, 10) < kenyanToday(now));
  return { lastmod, listed: !ended };
}

/** @typedef {{ lastmod: string | null, listed: boolean }} SitemapEntry */

/**
 * sitemap.xml: every listed page of the site, by its absolute URL, with its lastmod when the data gives one. The
 * URLs escaped as the pages' HTML is (escape-html: its five entities are XML's too).
 *
 * @param {string} siteUrl
 * @param {Record<string, SitemapEntry>} entries  by path
 */
export function sitemapXml(siteUrl, entries) {
  const urls = Object.entries(entries)
    .filter(([, entry]) => entry.listed)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, { lastmod }]) => `  <url><loc>${escapeHtml(new URL(path, siteUrl).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The path prefix a route pattern is under: '/reset-password/:token' → '/reset-password/'.
 *
 * @param {string} route
 */
const prefixOf = (route) => (route.includes(':') || route.includes('*') ? route.slice(0, route.search(/[:*]/)) : route);

/**
 * The back office: its address is known to the staff alone, and robots.txt is read by anyone, attackers
 * first. It is not named there; the server answers its pages (every page rendered in the browser) with
 * `X-Robots-Tag: noindex` instead (tooling/serve/static-server.mjs), and each carries a robots meta.
 */
const BACK_OFFICE = '/staff';

/**
 * robots.txt. Production: the public site open, the pages rendered in the browser closed, previews closed,
 * and where the sitemap is. The account's pages and the prefixes of the links mailed to a visitor (a reset
 * link…) stay named: every page and every mail shows them anyway, and a link that leaks somewhere public is
 * then not fetched by a crawler. Any other channel: nothing to crawl.
 *
 * @param {string} siteUrl
 * @param {{ production: boolean, clientRoutes: string[] }} site
 */
export function robotsTxt(siteUrl, { production, clientRoutes }) {
  if (!production) return 'User-agent: *\nDisallow: /\n';
  const named = clientRoutes.filter((route) => route !== BACK_OFFICE && !route.startsWith(`${BACK_OFFICE}/`));
  const closed = [...new Set(named.map(prefixOf))].sort();
  return [
    'User-agent: *',
    'Allow: /',
    ...closed.map((prefix) => `Disallow: ${prefix}`),
    'Disallow: /*?preview=',
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ].join('\n');
}

/** @type {(file: string, content: string) => void} */
const writeWhole = (file, content) => writeFileAtomic.sync(file, content);

/**
 * The routes made as one page for every path they match: a prerendered route with a parameter whose page was
 * made at the route itself (`/reset-password/:token`: the token is read in the browser), not one per item.
 *
 * @type {(paths: string[], pageRoutes: string[]) => string[]}
 */
export const oneDocumentRoutes = (paths, pageRoutes) => pageRoutes.filter((route) => route.includes(':') && paths.includes(route));

/**
 * Writes sitemap.xml, robots.txt and .routes.json beside the pages, each replaced whole.
 *
 * @param {string} dir
 * @param {{ siteUrl: string, production: boolean, seo: Record<string, SitemapEntry>,
 *           paths: string[], clientRoutes: string[], pageRoutes?: string[] }} site
 */
export function writeSiteFiles(dir, { siteUrl, production, seo, paths, clientRoutes = [], pageRoutes = [] }) {
  mkdirSync(dir, { recursive: true });
  const oneDocument = oneDocumentRoutes(paths, pageRoutes);
  // A reset link's page is read, not crawled, as when it was rendered in the browser.
  writeWhole(join(dir, 'sitemap.xml'), sitemapXml(siteUrl, production ? seo : {}));
  writeWhole(join(dir, 'robots.txt'), robotsTxt(siteUrl, { production, clientRoutes: [...clientRoutes, ...oneDocument] }));
  writeWhole(join(dir, ROUTES_FILE), `${JSON.stringify({ paths, clientRoutes, pageRoutes, oneDocumentRoutes: oneDocument })}\n`);
}
