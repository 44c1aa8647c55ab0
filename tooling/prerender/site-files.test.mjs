// @ts-check
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { robotsTxt, sitemapEntryOf, sitemapXml, writeSiteFiles } from './site-files.mjs';

const SITE = 'https://mavunoagrifood.co.ke';
const NOW = new Date('2026-11-25T10:00:00Z');

describe('a page’s sitemap entry, from its structured data', () => {
  it('takes the latest date its data changed or was published', () => {
    assert.deepEqual(sitemapEntryOf([{ '@type': 'BlogPosting', datePublished: '2026-03-04T08:00:00.000Z', dateModified: '2026-05-01T08:00:00.000Z' }], NOW), {
      lastmod: '2026-05-01T08:00:00.000Z',
      listed: true,
    });
    assert.deepEqual(sitemapEntryOf([{ '@type': 'ItemList' }], NOW), { lastmod: null, listed: true });
    assert.deepEqual(sitemapEntryOf([], NOW), { lastmod: null, listed: true });
  });

  it('leaves out an event that has ended in Kenya, and keeps one that ends today', () => {
    const event = (/** @type {string} */ endDate) => [{ '@type': 'Event', startDate: '2026-11-20T09:00:00+03:00', endDate }];
    assert.equal(sitemapEntryOf(event('2026-11-24T17:00:00+03:00'), NOW).listed, false);
    assert.equal(sitemapEntryOf(event('2026-11-25T17:00:00+03:00'), NOW).listed, true);
  });
});

describe('sitemap.xml', () => {
  it('lists every listed page by its absolute URL, with lastmod when there is one, escaped', () => {
    const xml = sitemapXml(SITE, {
      '/': { lastmod: null, listed: true },
      '/blog/a&b': { lastmod: '2026-05-01T08:00:00.000Z', listed: true },
      '/event/past': { lastmod: null, listed: false },
    });
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    assert.deepEqual(
      [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc),
      [`${SITE}/`, `${SITE}/blog/a&amp;b`],
    );
    assert.match(xml, /<loc>https:\/\/mavunoagrifood.co.ke\/blog\/a&amp;b<\/loc><lastmod>2026-05-01T08:00:00.000Z<\/lastmod>/);
  });
});

describe('robots.txt', () => {
  it('opens production’s public site, closes the pages rendered in the browser and previews, and names the sitemap', () => {
    const robots = robotsTxt(SITE, { production: true, clientRoutes: ['/login', '/reset-password/:token', '/staff/*', '/cart'] });
    assert.equal(
      robots,
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /cart',
        'Disallow: /login',
        'Disallow: /reset-password/',
        'Disallow: /*?preview=',
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('names none of the back office’s pages: it only points attackers at them (they answer noindex)', () => {
    const backOffice = ['/staff', '/staff/leads', '/staff/login', '/staff/invitation/:token', '/staff/leads/:id', '/staff/content/:kind/:id', '/staff/*'];
    const robots = robotsTxt(SITE, { production: true, clientRoutes: ['/login', ...backOffice, '/staffing-courses'] });
    assert.doesNotMatch(robots, /\/staff\b/);
    assert.match(robots, /^Disallow: \/login$/m);
    assert.match(robots, /^Disallow: \/staffing-courses$/m, 'only the back office, not a path that starts alike');
  });

  it('closes every other channel whole', () => {
    assert.equal(robotsTxt(SITE, { production: false, clientRoutes: ['/login'] }), 'User-agent: *\nDisallow: /\n');
  });
});

it('writes the sitemap, robots.txt and the routes the server reads beside the pages; another channel’s sitemap is empty', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agri-site-files-'));
  try {
    const site = {
      siteUrl: SITE,
      seo: { '/courses': { lastmod: null, listed: true } },
      paths: ['/courses', '/course/c1', '/reset-password/:token'],
      clientRoutes: ['/login'],
      pageRoutes: ['/courses', '/course/:id', '/reset-password/:token'],
    };
    writeSiteFiles(dir, { ...site, production: true });
    assert.match(readFileSync(join(dir, 'sitemap.xml'), 'utf8'), /<loc>https:\/\/mavunoagrifood.co.ke\/courses<\/loc>/);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, '.routes.json'), 'utf8')), {
      paths: ['/courses', '/course/c1', '/reset-password/:token'],
      clientRoutes: ['/login'],
      pageRoutes: ['/courses', '/course/:id', '/reset-password/:token'],
      // Made at the route itself: one page for every reset link; a course's page is one course's.
      oneDocumentRoutes: ['/reset-password/:token'],
    });
    // A mailed link is not crawled, as when its page was rendered in the browser; a course is.
    const robots = readFileSync(join(dir, 'robots.txt'), 'utf8');
    assert.match(robots, /^Disallow: \/reset-password\/$/m);
    assert.doesNotMatch(robots, /Disallow: \/course/);
    writeSiteFiles(dir, { ...site, production: false });
    assert.doesNotMatch(readFileSync(join(dir, 'sitemap.xml'), 'utf8'), /<url>/);
    assert.match(readFileSync(join(dir, 'robots.txt'), 'utf8'), /Disallow: \/\n/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
