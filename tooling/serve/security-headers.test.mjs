// @ts-check
// The header set of every static origin: what the policy allows, and that the
// inline hashes still match the style sheets and the script they stand for.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { rootDir } from '../machine/pnpm.mjs';
import { SPECULATION_RULES } from '../build/island-loader.mjs';
import { pageHtml } from '../prerender/page-html.mjs';
import { PICTURE_POLICY } from './api-pictures.mjs';
import { INLINE_STYLE_HASHES, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY, securityHeaders } from './security-headers.mjs';

const siteConfig = {
  remotes: {
    content: { entry: 'https://content.example.co.ke/remoteEntry.js', routes: ['/'] },
    catalog: { entry: 'https://catalog.example.co.ke/v2/remoteEntry.js', routes: ['/courses'] },
    account: { entry: 'https://account.example.co.ke/remoteEntry.js', routes: ['/login'] },
  },
  api: {
    apiBaseUrl: 'https://api.example.co.ke/api/',
    requestsApiBaseUrl: 'https://api.example.co.ke/requests/',
    chatNumber: '254722000000',
  },
};

/** @type {(csp: string) => Record<string, string[]>} */
const directives = (csp) => Object.fromEntries(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

/** @type {(text: string) => string} */
const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Two builds of the shell's island loader (this test's stand-ins): the pages served may carry either. */
const loaders = ['(()=>{document.documentElement.dataset.shell="islands"})()', '(()=>{document.documentElement.dataset.shell="islands";1})()'];
/** The inline scripts the policy allows: the loaders given, and the speculation rules they add. */
const INLINE_SCRIPT_HASHES = [...loaders, SPECULATION_RULES].map(sha256);

test('the headers forbid framing, sniffing and full referrers', () => {
  const headers = securityHeaders(siteConfig);
  assert.equal(headers['X-Frame-Options'], 'DENY');
  assert.equal(headers['X-Content-Type-Options'], 'nosniff');
  assert.equal(headers['Referrer-Policy'], 'strict-origin-when-cross-origin');
  const csp = directives(headers['Content-Security-Policy']);
  assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
  assert.deepEqual(csp['object-src'], ["'none'"]);
  assert.doesNotMatch(headers['Content-Security-Policy'], /unsafe-eval|unsafe-inline|\*/);
});

test('HSTS only for a site served over HTTPS; Permissions-Policy and COOP always (issue 23)', () => {
  assert.equal(securityHeaders(siteConfig)['Strict-Transport-Security'], undefined);
  assert.equal(securityHeaders(siteConfig, { https: true })['Strict-Transport-Security'], 'max-age=63072000; includeSubDomains');
  const headers = securityHeaders(siteConfig);
  assert.equal(headers['Cross-Origin-Opener-Policy'], 'same-origin');
  const refused = headers['Permissions-Policy'].split(', ');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) assert.ok(refused.includes(`${feature}=()`), feature);
  assert.ok(
    refused.every((entry) => /^[a-z-]+=\(\)$/.test(entry)),
    'every feature is refused outright',
  );
});

test("violations of the policy are reported to the API's report endpoint, by report-to and report-uri (issue 23)", () => {
  const headers = securityHeaders(siteConfig);
  const csp = directives(headers['Content-Security-Policy']);
  assert.deepEqual(csp['report-uri'], ['https://api.example.co.ke/api/reports']);
  assert.deepEqual(csp['report-to'], ['csp']);
  assert.equal(headers['Reporting-Endpoints'], 'csp="https://api.example.co.ke/api/reports"');
  // Chromium delivers report-to only to HTTPS, and then ignores report-uri: over HTTP, report-uri alone.
  const local = securityHeaders({ ...siteConfig, api: { ...siteConfig.api, apiBaseUrl: 'http://localhost:4000/api/' } });
  assert.deepEqual(directives(local['Content-Security-Policy'])['report-uri'], ['http://localhost:4000/api/reports']);
  assert.equal(directives(local['Content-Security-Policy'])['report-to'], undefined);
  assert.equal(local['Reporting-Endpoints'], undefined);
});

test('the policy lists the remote and API origins of the config, once each', () => {
  const csp = directives(securityHeaders(siteConfig, { loaders })['Content-Security-Policy']);
  const remotes = ['https://content.example.co.ke', 'https://catalog.example.co.ke', 'https://account.example.co.ke'];
  const api = 'https://api.example.co.ke';
  assert.deepEqual(csp['script-src'], ["'self'", ...remotes, ...INLINE_SCRIPT_HASHES]);
  assert.deepEqual(csp['connect-src'], ["'self'", ...remotes, api]);
  assert.deepEqual(csp['img-src'], ["'self'", 'blob:', ...remotes, api]);
  assert.deepEqual(csp['frame-src'], ['https://www.openstreetmap.org', 'https://www.youtube-nocookie.com']);
});

test("a channel's releases on the site's own origin add no origin to the policy", () => {
  const channel = { ...siteConfig, remotes: { catalog: { entry: '/releases/catalog/20261123.101500-ab12cd3/remoteEntry.js', routes: ['/courses'] } } };
  const csp = directives(securityHeaders(channel, { loaders })['Content-Security-Policy']);
  assert.deepEqual(csp['script-src'], ["'self'", ...INLINE_SCRIPT_HASHES]);
  assert.deepEqual(csp['connect-src'], ["'self'", 'https://api.example.co.ke']);
});

test("images may also come from the origins the config names for the API's pictures (a hosted API's CDN)", () => {
  const withCdn = { ...siteConfig, api: { ...siteConfig.api, imageOrigins: ['https://res.cloudinary.com/mavuno/', 'https://api.example.co.ke'] } };
  const csp = directives(securityHeaders(withCdn)['Content-Security-Policy']);
  assert.deepEqual(csp['img-src'].slice(-2), ['https://api.example.co.ke', 'https://res.cloudinary.com']);
  assert.ok(!csp['connect-src'].includes('https://res.cloudinary.com'));
});

test('the browser may send its reports to a collector of their own, elsewhere than the API', () => {
  const collector = { ...siteConfig, reports: { url: 'https://reports.example.co.ke/collect', sampleRate: 1 } };
  const csp = directives(securityHeaders(collector)['Content-Security-Policy']);
  assert.deepEqual(csp['connect-src'].slice(-2), ['https://api.example.co.ke', 'https://reports.example.co.ke']);
  assert.deepEqual(csp['report-uri'], ['https://reports.example.co.ke/collect']);
});

test("the shell's start-up spinner style matches its hash", () => {
  const page = readFileSync(join(rootDir, 'apps/shell/src/index.html'), 'utf8');
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  assert.deepEqual(styles.map(sha256), [INLINE_STYLE_HASHES.shellSpinner], 'update INLINE_STYLE_HASHES.shellSpinner');
});

test('the one inline script of a prerendered page is the loader given, allowed by its hash, once however often it is given', () => {
  const page = pageHtml({
    loader: loaders[0],
    template: '<html><head><title></title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
    origin: 'https://mavuno.example',
    html: '<main><h1>Courses</h1></main>',
    state: { islands: { route: '/courses' } },
    // No picture or site name (pageHtml writes neither then, as for null): only the inline scripts matter here.
    head: /** @type {Parameters<typeof pageHtml>[0]['head']} */ ({
      title: 'Courses',
      description: '',
      keywords: '',
      canonical: 'https://mavuno.example/courses',
    }),
    stylesheets: [],
    preloads: {},
  });
  assert.deepEqual(
    [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sha256(match[1])),
    [INLINE_SCRIPT_HASHES[0]],
  );
  const csp = directives(securityHeaders(siteConfig, { loaders: [loaders[0], loaders[0]] })['Content-Security-Policy']);
  assert.deepEqual(csp['script-src'].slice(-2), [INLINE_SCRIPT_HASHES[0], sha256(SPECULATION_RULES)]);
});

test('the style sheet react-toastify injects matches its hash', () => {
  // react-toastify 11 injects the text of its ReactToastify.css as a <style> element.
  const require = createRequire(join(rootDir, 'apps/shell/package.json'));
  const css = readFileSync(require.resolve('react-toastify/dist/ReactToastify.css'), 'utf8');
  assert.equal(sha256(css), INLINE_STYLE_HASHES.reactToastify, 'update INLINE_STYLE_HASHES.reactToastify');
});

test("docs/production.md's nginx example allows the inline scripts and style sheets by their hashes", () => {
  const readme = readFileSync(join(rootDir, 'docs/production.md'), 'utf8');
  // The site's policy; the pictures' location has its own, the kit's (api-pictures.mjs).
  const policy = /add_header Content-Security-Policy "([^"]*script-src[^"]+)"/.exec(readme)?.[1] ?? '';
  assert.ok(readme.includes(`add_header Content-Security-Policy "${PICTURE_POLICY}" always;`), "the pictures' policy of the nginx example");
  const csp = directives(policy);
  // The loader's hash is the shell release's: the example says where it goes.
  for (const hash of ["'sha256-ISLAND_LOADER_HASH'", sha256(SPECULATION_RULES)])
    assert.ok(csp['script-src']?.includes(hash), 'update the script-src of the nginx example');
  for (const hash of Object.values(INLINE_STYLE_HASHES)) assert.ok(csp['style-src']?.includes(hash), 'update the style-src of the nginx example');
  // Every other header of the set, with its value (issue 23).
  /** @type {(name: string) => string | undefined} */
  const header = (name) => {
    const match = new RegExp(`add_header ${name} (?:"([^"]*)"|'([^']*)'|(\\S+)) always;`).exec(readme);
    return match?.[1] ?? match?.[2] ?? match?.[3];
  };
  assert.equal(header('Strict-Transport-Security'), STRICT_TRANSPORT_SECURITY);
  assert.equal(header('Permissions-Policy'), PERMISSIONS_POLICY);
  assert.equal(header('Cross-Origin-Opener-Policy'), 'same-origin');
  assert.equal(header('Reporting-Endpoints'), 'csp="https://api.example.co.ke/api/reports"');
  assert.deepEqual(csp['report-to'], ['csp']);
  assert.deepEqual(csp['report-uri'], ['https://api.example.co.ke/api/reports']);
});
