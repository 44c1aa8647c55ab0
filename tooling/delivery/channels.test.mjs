// @ts-check
// Releases and channels on a throw-away deploy folder: immutable releases, promotion, rollback, history.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { finishCanary, holdCanary, promote, promoteCanary, refreshChannel, rollback } from './channels.mjs';
import { publishPages, withdrawPages } from './prerender-channel.mjs';
import { release } from './release.mjs';
import { fakeBuild, fakeShellRelease } from './fake-releases.mjs';
import { RELEASES, readJournal } from './journal.mjs';
import { prune, withdraw } from './previews.mjs';
import { reportGrant } from './report-grant.mjs';
import { channelDir, liveVersions, readChannel, releaseDir, writeChannel, writeFileAtomic } from './store.mjs';

/** @typedef {import('../prerender/fresh-pages.mjs').PageSources} PageSources */
/** @typedef {import('node:net').AddressInfo} AddressInfo */
/** @typedef {{ releases: { version: string }[] }} ReleaseIndex  the part of an app's releases/<app>/index.json read here */

// Set by before(), for every test.
/** @type {string} */
let deploy;
before(() => {
  deploy = mkdtempSync(join(tmpdir(), 'agri-deploy-test-'));
  process.env.DEPLOY_DIR = deploy;
  // The API's reports read token, which signs each channel's report grant (never npm start's file here).
  process.env.REPORTS_READ_TOKEN = 'channels-test-token';
});
after(() => {
  delete process.env.DEPLOY_DIR;
  delete process.env.REPORTS_READ_TOKEN;
  rmSync(deploy, { recursive: true, force: true });
});

/**
 * What config.json names for a release of the catalog (fake-releases.mjs: react ^19.2.0, API client ^1.0.0).
 *
 * @param {string} version
 * @param {string[]} [routes]
 */
const remoteEntry = (version, routes = ['/courses']) => ({
  entry: `/releases/catalog/${version}/remoteEntry.js`,
  requires: { react: '^19.2.0', '@agri/api-client': '^1.0.0' },
  routes,
  version,
  manifest: `/releases/catalog/${version}/mf-manifest.json`,
});

test('a release is stored with its release.json and listed in its app’s index; it is never overwritten', () => {
  const now = new Date('2026-11-23T10:15:00Z');
  const first = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'], exposes: ['routes', 'upcoming-events'] }), now });
  const second = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'], exposes: ['routes', 'upcoming-events'] }), now });
  assert.match(first.version, /^20261123\.101500-([0-9a-f]{7}|nogit)(-dirty)?$/);
  assert.equal(second.version, `${first.version}.2`, 'two releases in one second get distinct versions');
  assert.deepEqual(
    { requires: first.requires, contract: first.contract, exposes: first.exposes, routes: first.routes },
    { requires: { react: '^19.2.0', '@agri/api-client': '^1.0.0' }, contract: '1.0.0', exposes: ['routes', 'upcoming-events'], routes: ['/courses'] },
  );
  const index = /** @type {ReleaseIndex} */ (JSON.parse(readFileSync(join(deploy, 'releases/catalog/index.json'), 'utf8')));
  assert.deepEqual(
    index.releases.map((entry) => entry.version),
    [first.version, second.version],
  );
  assert.deepEqual(
    readdirSync(join(deploy, 'releases/catalog')).filter((name) => name.startsWith('.incoming')),
    [],
  );
  assert.throws(() => release('catalog', { dist: fakeBuild('content') }), /this build is of "content", not "catalog"/);
});

test('a build of the shell is released as it was tested: only its page names its script from the release’s folder', () => {
  const dist = fakeBuild('shell', { exposes: [] });
  const page = '<link rel="icon" href="/favicon.svg" /><script defer src="/main.1234abcd.js"></script><a href="//example.org/">x</a>';
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page));
  const { version } = release('shell', { dist });
  const placed = page.replace('src="/main', `src="/releases/shell/${version}/main`);
  /** @param {string} name */
  const file = (name) => readFileSync(join(releaseDir('shell', version), name));
  assert.equal(file('index.html').toString(), placed, 'the icon stays at the root, which the channel serves');
  assert.equal(brotliDecompressSync(file('index.html.br')).toString(), placed, 'the compressed forms are the placed page');
  assert.equal(gunzipSync(file('index.html.gz')).toString(), placed);
  assert.equal(file('page.js').toString(), readFileSync(join(dist, 'page.js'), 'utf8'), 'the code is the build’s, byte for byte');
  assert.equal(readFileSync(join(dist, 'index.html'), 'utf8'), page, 'the tested build is left as it was');

  assert.throws(() => release('shell', { dist: fakeBuild('shell', { exposes: [] }) }), /holds no index.html: not a build of the shell/);
});

test('promotion makes a release live in config.json by a versioned URL; rollback goes back; history keeps both', () => {
  const v1 = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  const v2 = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses', '/events'] }) }).version;
  promote('catalog', v1, 'staging');
  promote('catalog', v2, 'staging');
  const config = () => JSON.parse(readFileSync(join(channelDir('staging'), 'config.json'), 'utf8'));
  assert.deepEqual(config().remotes.catalog, remoteEntry(v2, ['/courses', '/events']));
  assert.equal(config().releases, '/releases/');

  assert.deepEqual(rollback('catalog', 'staging'), { from: v2, to: v1, canary: false });
  assert.equal(config().remotes.catalog.version, v1);
  assert.throws(() => rollback('catalog', 'staging'), /catalog has no earlier release on staging/);
  assert.throws(() => promote('catalog', v1, 'staging'), /is live on staging already/);
  assert.throws(() => promote('catalog', 'nope', 'staging'), /catalog@nope is not a published release/);
  assert.throws(() => promote('catalog', v1, '../etc'), /not a valid channel name/);

  assert.deepEqual(
    readJournal('staging').map(({ action, version, previous }) => [action, version, previous]),
    [
      ['promote', v1, null],
      ['promote', v2, v1],
      ['rollback', v1, v2],
    ],
  );
  // The channel's served folder holds only what visitors need; its state is beside it.
  assert.deepEqual(readdirSync(channelDir('staging')), ['config.json']);
});

test('the gate stops a promotion, and the channel stays as it was', () => {
  const shellVersion = fakeShellRelease('shell-test-1');
  promote('shell', shellVersion, 'gated');
  assert.equal(readFileSync(join(channelDir('gated'), 'index.html'), 'utf8'), '<!doctype html><title>shell</title>');

  const good = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  promote('catalog', good, 'gated');
  const before = readFileSync(join(channelDir('gated'), 'config.json'), 'utf8');
  const react20 = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'], react: '^20.0.0' }) }).version;
  assert.throws(() => promote('catalog', react20, 'gated', { force: true }), /needs react \^20\.0\.0, but shell@shell-test-1 provides react 19\.3\.1 on gated/);
  assert.equal(readFileSync(join(channelDir('gated'), 'config.json'), 'utf8'), before);

  const clash = release('notices', { dist: fakeBuild('notices', { routes: ['/courses/news'] }) }).version;
  assert.throws(() => promote('notices', clash, 'gated'), /claims the route prefix \/courses\/news, but \/courses belongs to catalog/);
  promote('notices', clash, 'gated', { force: true });
  const journal = readJournal('gated');
  assert.match(/** @type {string} */ (journal.at(-1)?.forced?.[0]), /claims the route prefix/);
  // Each refusal is in the journal too, with what was attempted and why.
  assert.deepEqual(
    journal.filter((entry) => entry.action === 'refused').map(({ attempted, app, version }) => [attempted, app, version]),
    [
      ['promote', 'catalog', react20],
      ['promote', 'notices', clash],
    ],
  );
  assert.match(/** @type {string} */ (journal.find((entry) => entry.action === 'refused')?.reason), /needs react \^20\.0\.0/);
});

test('a file is replaced whole: no temporary file is left beside it', () => {
  const file = join(deploy, 'atomic/config.json');
  writeFileAtomic(file, 'one');
  writeFileAtomic(file, 'two');
  assert.equal(readFileSync(file, 'utf8'), 'two');
  assert.deepEqual(readdirSync(join(deploy, 'atomic')), ['config.json']);
  assert.ok(!existsSync(`${file}.tmp`));
});

test('prerendered pages are put in place for the releases they were made with, and pages no longer made go', () => {
  const shellVersion = fakeShellRelease('shell-pages-1', { page: '<title>shell page</title>' });
  promote('shell', shellVersion, 'paged');
  const dir = channelDir('paged');
  /** @param {Record<string, string>} pages  each page's title, by path */
  const stage = (pages) => {
    const staged = mkdtempSync(join(deploy, 'staged-'));
    for (const [path, title] of Object.entries(pages)) {
      const folder = join(staged, ...path.split('/').filter(Boolean));
      mkdirSync(folder, { recursive: true });
      for (const suffix of ['', '.br', '.gz']) writeFileSync(join(folder, `index.html${suffix}`), `<title>${title}</title>`);
    }
    return staged;
  };
  const live = liveVersions(readChannel('paged'));
  /**
   * Pages made from the course list, as prerender/fresh-pages.mjs describes them (partial on purpose: only what
   * publishPages reads of their sources).
   *
   * @param {string[]} paths
   */
  const made = (paths) => ({
    written: paths,
    sources: /** @type {PageSources} */ (
      /** @type {Partial<PageSources>} */ ({
        reads: Object.fromEntries(paths.map((path) => [path, ['http://api.test/api/course']])),
        listReads: [],
        answers: {},
      })
    ),
  });

  assert.equal(publishPages('paged', live, stage({ '/': 'home', '/course/c1': 'course 1' }), made(['/', '/course/c1'])), true);
  assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), '<title>home</title>');
  assert.equal(readFileSync(join(dir, 'course', 'c1', 'index.html.br'), 'utf8'), '<title>course 1</title>');
  assert.equal(readFileSync(join(dir, 'app.html'), 'utf8'), '<title>shell page</title>', 'the client-rendered page stays');

  // The home page and course 1 are no longer made (their data could not be read, or the course is gone).
  assert.equal(publishPages('paged', live, stage({ '/courses': 'courses' }), made(['/courses'])), true);
  assert.equal(existsSync(join(dir, 'course')), false, 'the pages of paths no longer made are removed, folders too');
  assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), '<title>shell page</title>', 'without a home page, the shell page serves /');
  assert.deepEqual(readChannel('paged').pages, ['/courses']);
  assert.deepEqual(readChannel('paged').pageSources?.madeWith, live, 'what the pages were made from names the releases');

  // A run that made only the pages whose data changed keeps the others as they are.
  // Partial on purpose, as made's.
  const kept = {
    written: [],
    sources: /** @type {PageSources} */ (
      /** @type {Partial<PageSources>} */ ({
        reads: { '/courses': ['http://api.test/api/course'], '/events': ['http://api.test/api/event'] },
        listReads: [],
        answers: {},
      })
    ),
  };
  assert.equal(publishPages('paged', live, stage({ '/events': 'events' }), { ...kept, written: ['/events'] }), true);
  assert.equal(readFileSync(join(dir, 'courses', 'index.html'), 'utf8'), '<title>courses</title>');
  assert.deepEqual(readChannel('paged').pages, ['/courses', '/events']);

  // Pages made for releases that are no longer live are not put in place.
  assert.equal(publishPages('paged', { ...live, catalog: 'an-older-one' }, stage({ '/courses': 'stale' }), made(['/courses'])), false);
  assert.equal(readFileSync(join(dir, 'courses', 'index.html'), 'utf8'), '<title>courses</title>');
});

test('a page withdrawn (its course deleted or unpublished) leaves the channel at once: its files, its sitemap entry, its path', () => {
  promote('shell', fakeShellRelease('shell-withdrawn-1', { page: '<title>shell page</title>' }), 'production');
  // Production: the only channel whose sitemap lists its pages.
  const dir = channelDir('production');
  const staged = mkdtempSync(join(deploy, 'staged-'));
  for (const id of ['c1', 'c2']) {
    mkdirSync(join(staged, 'course', id), { recursive: true });
    for (const suffix of ['', '.br', '.gz']) writeFileSync(join(staged, 'course', id, `index.html${suffix}`), `<title>${id}</title>`);
  }
  const paths = ['/course/c1', '/course/c2'];
  const reads = { '/course/c1': ['http://api.test/api/course/c1'], '/course/c2': ['http://api.test/api/course/c2'] };
  const seo = { '/course/c1': { lastmod: null, listed: true }, '/course/c2': { lastmod: null, listed: true } };
  for (const suffix of ['', '.br', '.gz']) writeFileSync(join(staged, `404.html${suffix}`), '<title>Page not found</title>');
  const live = liveVersions(readChannel('production'));
  const sources = { reads, seo, listReads: [], answers: {}, paths, clientRoutes: [], pageRoutes: ['/course/:id'] };
  publishPages('production', live, staged, { written: paths, notFound: true, sources });
  assert.match(readFileSync(join(dir, 'sitemap.xml'), 'utf8'), /\/course\/c1</);
  for (const suffix of ['', '.br', '.gz'])
    assert.match(readFileSync(join(dir, `404.html${suffix}`), 'utf8'), /Page not found/, 'the not-found page is put in place too');
  assert.deepEqual(JSON.parse(readFileSync(join(dir, '.routes.json'), 'utf8')).pageRoutes, ['/course/:id']);

  withdrawPages('production', ['/course/c1']);
  assert.equal(existsSync(join(dir, 'course', 'c1')), false);
  assert.doesNotMatch(readFileSync(join(dir, 'sitemap.xml'), 'utf8'), /\/course\/c1</);
  assert.match(readFileSync(join(dir, 'sitemap.xml'), 'utf8'), /\/course\/c2</);
  assert.deepEqual(JSON.parse(readFileSync(join(dir, '.routes.json'), 'utf8')).paths, ['/course/c2'], 'its path answers 404');
  assert.deepEqual(JSON.parse(readFileSync(join(dir, '.routes.json'), 'utf8')).pageRoutes, ['/course/:id'], 'with its owner’s words');
  const state = readChannel('production');
  assert.deepEqual(state.pages, ['/course/c2']);
  assert.deepEqual(Object.keys(state.pageSources?.reads ?? {}), ['/course/c2']);
  assert.deepEqual(state.pageSources?.madeWith, live, 'the rest is still what the live releases made');
});

test('only production is for search engines: every other channel answers noindex and closes robots.txt', async () => {
  const shellVersion = 'shell-robots-1';
  mkdirSync(releaseDir('shell', shellVersion), { recursive: true });
  writeFileSync(join(releaseDir('shell', shellVersion), 'index.html'), '<title>shell page</title>');
  writeFileSync(
    join(releaseDir('shell', shellVersion), 'release.json'),
    JSON.stringify({
      app: 'shell',
      version: shellVersion,
      builtAt: new Date().toISOString(),
      contract: '1.0.0',
      provides: {},
      exposes: [],
      consumes: [],
      routes: [],
    }),
  );
  // Partial on purpose: no pageRoutes (none prerendered).
  const made = {
    written: [],
    sources: /** @type {PageSources} */ (
      /** @type {Partial<PageSources>} */ ({ reads: {}, seo: {}, listReads: [], answers: {}, paths: ['/courses'], clientRoutes: ['/login'] })
    ),
  };
  for (const channel of ['production', 'staging']) {
    promote('shell', shellVersion, channel);
    assert.equal(publishPages(channel, liveVersions(readChannel(channel)), mkdtempSync(join(deploy, 'staged-')), made), true);
  }
  const { serveChannel } = await import('./serve-channel.mjs');
  for (const [channel, noindex, robots] of /** @type {[string, string | null, RegExp][]} */ ([
    ['production', null, /Disallow: \/login\n/],
    ['staging', 'noindex', /^User-agent: \*\nDisallow: \/\n$/],
  ])) {
    const server = await serveChannel({ channel, port: 0 });
    try {
      const origin = `http://127.0.0.1:${/** @type {AddressInfo} */ (server.address()).port}`;
      for (const path of ['/', '/courses', '/robots.txt'])
        assert.equal((await fetch(`${origin}${path}`)).headers.get('x-robots-tag'), noindex, `${channel} ${path}`);
      assert.match(await (await fetch(`${origin}/robots.txt`)).text(), robots);
    } finally {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    }
  }
});

test("a channel's policy allows the island loader of each shell release in its stack, and follows a promotion while it is served", async () => {
  /** @type {(text: string) => string} */
  const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const first = '(()=>{document.documentElement.dataset.shell="islands"})()';
  const second = '(()=>{document.documentElement.dataset.shell="islands";2})()';
  promote('shell', fakeShellRelease('shell-loader-1', { loader: first }), 'loaders');
  const { serveChannel } = await import('./serve-channel.mjs');
  const server = await serveChannel({ channel: 'loaders', port: 0 });
  try {
    const scripts = async () => {
      const policy = /** @type {string} */ (
        (await fetch(`http://127.0.0.1:${/** @type {AddressInfo} */ (server.address()).port}/`)).headers.get('content-security-policy')
      );
      return /** @type {RegExpMatchArray} */ (policy.match(/script-src [^;]*/))[0];
    };
    assert.ok((await scripts()).includes(sha256(first)));
    assert.ok(!(await scripts()).includes(sha256(second)));
    // Promoted while served: the pages made with either release are allowed until they are made again.
    promote('shell', fakeShellRelease('shell-loader-2', { loader: second }), 'loaders');
    assert.ok((await scripts()).includes(sha256(first)) && (await scripts()).includes(sha256(second)));
    rollback('shell', 'loaders');
    assert.ok(!(await scripts()).includes(sha256(second)));
  } finally {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
});

test('npm start serves every channel it can, and stops when production cannot be served: its port taken', async () => {
  const { serveChannels } = await import('./serve-channel.mjs');
  const taken = createServer();
  await /** @type {Promise<void>} */ (new Promise((listening) => taken.listen(0, '127.0.0.1', listening)));
  const port = /** @type {AddressInfo} */ (taken.address()).port;
  /** @type {string[]} */
  const logged = [];
  /** @param {string} line */
  const log = (line) => logged.push(line);
  try {
    await assert.rejects(serveChannels([{ channel: 'production', port }], { log }), {
      message: `production cannot be served: port ${port} is taken by another program, perhaps another npm start or a dev server`,
    });
    const served = await serveChannels(
      [
        { channel: 'production', port: 0 },
        { channel: 'staging', port },
      ],
      { log },
    );
    try {
      assert.deepEqual(
        served.map(({ channel }) => channel),
        ['production'],
      );
      assert.deepEqual(logged, [`  staging: not served (port ${port} is taken by another program, perhaps another npm start or a dev server)`]);
    } finally {
      for (const { server } of served) server.close();
    }
  } finally {
    taken.close();
  }
});

test('a release refuses a build that holds symbolic links, wherever they point (issue 23)', () => {
  const outward = fakeBuild('catalog');
  symlinkSync('/etc/passwd', join(outward, 'passwd.js'));
  assert.throws(() => release('catalog', { dist: outward }), /a release holds files, not symbolic links: passwd\.js/);
  const nested = fakeBuild('catalog');
  mkdirSync(join(nested, 'assets'));
  symlinkSync(join(nested, 'page.js'), join(nested, 'assets', 'alias.js'));
  assert.throws(() => release('catalog', { dist: nested }), /symbolic links: assets\/alias\.js/);
  assert.deepEqual(
    readdirSync(join(deploy, 'releases/catalog')).filter((name) => name.startsWith('.incoming')),
    [],
  );
});

/** @param {string} app */
const previewable = (app) =>
  /** @type {ReleaseIndex} */ (JSON.parse(readFileSync(join(deploy, 'releases', app, 'index.json'), 'utf8'))).releases.map((entry) => entry.version);

test('a withdrawn release leaves the preview list for good, and the journal of releases says who and why (issue 23)', () => {
  const v1 = release('content', { dist: fakeBuild('content', { routes: ['/about'] }) }).version;
  const v2 = release('content', { dist: fakeBuild('content', { routes: ['/about'] }) }).version;
  assert.deepEqual(previewable('content'), [v1, v2]);
  withdraw('content', v2, { reason: 'prices wrong on /about' });
  assert.deepEqual(previewable('content'), [v1]);
  assert.throws(() => withdraw('content', v2), /withdrawn from preview already/);
  assert.throws(() => withdraw('content', 'nope'), /content@nope is not a published release/);
  // A later release rewrites the index: the withdrawn one stays off it.
  const v3 = release('content', { dist: fakeBuild('content', { routes: ['/about'] }) }).version;
  assert.deepEqual(previewable('content'), [v1, v3]);
  const entry = /** @type {import('./journal.mjs').JournalEntry} */ (
    readJournal(RELEASES).find((line) => line.action === 'withdraw' && line.app === 'content' && line.version === v2)
  );
  assert.equal(entry.reason, 'prices wrong on /about');
  assert.match(entry.who, /.+@.+/);
  assert.match(entry.at, /^\d{4}-\d\d-\d\dT/);
});

test('a rollback withdraws the release it takes off, unless told to keep it open to preview (issue 23)', () => {
  const base = release('account', { dist: fakeBuild('account', { routes: ['/login'] }) }).version;
  const kept = release('account', { dist: fakeBuild('account', { routes: ['/login'] }) }).version;
  const bad = release('account', { dist: fakeBuild('account', { routes: ['/login'] }) }).version;
  promote('account', base, 'previews');
  promote('account', kept, 'previews');
  rollback('account', 'previews', { keepPreview: true });
  assert.deepEqual(previewable('account'), [base, kept, bad]);
  promote('account', bad, 'previews');
  rollback('account', 'previews', { reason: 'login broken' });
  assert.deepEqual(previewable('account'), [base, kept]);
  assert.match(/** @type {string} */ (readJournal(RELEASES).at(-1)?.reason), /rolled back on previews: login broken/);
});

test('the journal is only ever appended to: every earlier line stays byte for byte (issue 23, issue 26)', () => {
  const file = join(deploy, 'journal', 'staging.jsonl');
  const before = readFileSync(file, 'utf8');
  const v = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  promote('catalog', v, 'staging');
  rollback('catalog', 'staging', { keepPreview: true });
  const after = readFileSync(file, 'utf8');
  assert.ok(after.startsWith(before), 'earlier lines were rewritten');
  assert.equal(after.slice(before.length).trim().split('\n').length, 2);
});

test('a canary: config.json names both releases and the share; it steps on, finishes, or rolls back to 0 %, each in the journal (issue 26)', () => {
  const stable = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  const next = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  const other = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  assert.throws(() => promoteCanary('catalog', next, 'canaries', 10), /nothing of catalog is live on canaries/);
  promote('catalog', stable, 'canaries');
  const config = () => JSON.parse(readFileSync(join(channelDir('canaries'), 'config.json'), 'utf8'));

  assert.deepEqual(config().reports.grant, reportGrant('canaries', { catalog: [stable] }, 'channels-test-token'));
  assert.deepEqual(promoteCanary('catalog', next, 'canaries', 10), { live: stable, share: 10, was: 0 });
  assert.deepEqual(config().remotes.catalog, { ...remoteEntry(stable), canary: { ...remoteEntry(next), share: 10 } });
  assert.deepEqual(config().reports.grant, reportGrant('canaries', { catalog: [stable, next] }, 'channels-test-token'), 'the grant covers the canary too');
  assert.deepEqual(promoteCanary('catalog', next, 'canaries', 50), { live: stable, share: 50, was: 10 });
  assert.equal(config().remotes.catalog.canary.share, 50);
  assert.throws(() => promoteCanary('catalog', other, 'canaries', 10), /catalog@.+ is in canary on canaries \(50 %\)/);
  assert.throws(() => promote('catalog', other, 'canaries'), /is in canary on canaries/);
  assert.throws(() => promoteCanary('catalog', next, 'canaries', 100), /from 1 to 99/);

  // Rolled back: every visitor on the live release; the canary's release withdrawn from preview.
  assert.deepEqual(rollback('catalog', 'canaries', { reason: 'errors', evidence: { canary: { sessions: 40 } }, who: 'canary watcher' }), {
    from: next,
    to: stable,
    canary: true,
  });
  assert.equal(config().remotes.catalog.canary, undefined);
  assert.equal(config().remotes.catalog.version, stable);
  assert.deepEqual(config().reports.grant, reportGrant('canaries', { catalog: [stable] }, 'channels-test-token'), 'a rolled-back canary is served no more');
  assert.ok(!previewable('catalog').includes(next));

  promoteCanary('catalog', other, 'canaries', 10);
  assert.deepEqual(finishCanary('catalog', 'canaries'), { from: stable, to: other });
  assert.deepEqual(config().remotes.catalog, remoteEntry(other));
  assert.throws(() => finishCanary('catalog', 'canaries'), /catalog has no canary on canaries/);

  assert.deepEqual(
    readJournal('canaries')
      .slice(1)
      .map(({ action, share }) => [action, share]),
    [
      ['canary', 10],
      ['canary-step', 50],
      ['canary-rollback', 0],
      ['canary', 10],
      ['canary-finish', 100],
    ],
  );
  const rolledBack = readJournal('canaries').find((entry) => entry.action === 'canary-rollback');
  assert.equal(rolledBack?.who, 'canary watcher');
  assert.deepEqual(rolledBack?.evidence, { canary: { sessions: 40 } });
});

test('a canary held by the watcher stays at its share: stepping on or finishing needs --force; the hold is journaled once (issue 39)', () => {
  const stable = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  const next = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  promote('catalog', stable, 'holding');
  promoteCanary('catalog', next, 'holding', 10);
  const why = 'error rate 13.3 % against 1.0 %, but from 3 sources only';
  assert.equal(holdCanary('catalog', 'holding', { version: next, reason: why, evidence: { canary: { sources: 3 } }, who: 'canary watcher' }), true);
  assert.equal(holdCanary('catalog', 'holding', { version: next, reason: why, who: 'canary watcher' }), false, 'held already');
  assert.throws(() => holdCanary('catalog', 'holding', { version: stable, reason: why }), /is no longer in canary/);

  assert.throws(() => promoteCanary('catalog', next, 'holding', 50), /held by the canary watcher: error rate 13\.3 %.*npm run canary -- status --on holding/);
  assert.throws(() => finishCanary('catalog', 'holding'), /held by the canary watcher/);
  assert.equal(readChannel('holding').canaries.catalog.share, 10);
  assert.deepEqual(promoteCanary('catalog', next, 'holding', 50, { force: true }), { live: stable, share: 50, was: 10 });
  assert.deepEqual(finishCanary('catalog', 'holding', { force: true }), { from: stable, to: next });

  const holds = readJournal('holding').filter((entry) => entry.action === 'canary-hold');
  assert.equal(holds.length, 1);
  assert.equal(holds[0].reason, why);
  assert.equal(holds[0].who, 'canary watcher');
});

test('prune removes only withdrawn releases untouched for the kept days; never a live, canary, rollback target or previewable one (issue 26)', () => {
  const built = new Date('2026-10-01T08:00:00Z');
  const make = () => release('notices', { dist: fakeBuild('notices', { routes: ['/notices'] }), now: built }).version;
  const [old, liveOne, target, canaryOne, open, withdrawnRecent] = [make(), make(), make(), make(), make(), make()];
  promote('notices', old, 'pruning');
  promote('notices', target, 'pruning');
  promote('notices', liveOne, 'pruning');
  promoteCanary('notices', canaryOne, 'pruning', 10);
  for (const version of [old, liveOne, target, canaryOne]) withdraw('notices', version, { now: built });
  withdraw('notices', withdrawnRecent);
  // The promotions and a withdrawal happened now: nothing is old enough yet.
  assert.deepEqual(prune(), []);
  const later = new Date(Date.now() + 8 * 86_400_000);
  // (Other tests' withdrawn releases go too.)
  assert.deepEqual(
    prune({ now: later }).filter((name) => name.startsWith('notices@')),
    [`notices@${old}`, `notices@${withdrawnRecent}`],
  );
  assert.ok(!existsSync(releaseDir('notices', old)));
  for (const version of [liveOne, target, canaryOne, open]) assert.ok(existsSync(releaseDir('notices', version)), version);
  assert.ok(previewable('notices').includes(open));
  assert.equal(readJournal(RELEASES).filter((entry) => entry.action === 'prune' && entry.app === 'notices').length, 2);
});

test('a channel’s service worker (offline reading) is on unless its settings say "offline": false (issue 27)', () => {
  const version = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  promote('catalog', version, 'offline');
  const config = () => JSON.parse(readFileSync(join(channelDir('offline'), 'config.json'), 'utf8'));
  assert.equal(config().offline, undefined);
  writeChannel({ ...readChannel('offline'), offline: false });
  assert.equal(config().offline, false);
});

test('a config written where the reports read token was missing has no grant; refreshChannel signs it once the token is there (issue 39)', () => {
  const version = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  const config = () => JSON.parse(readFileSync(join(channelDir('tokenless'), 'config.json'), 'utf8'));
  const token = process.env.REPORTS_READ_TOKEN;
  try {
    delete process.env.REPORTS_READ_TOKEN;
    process.env.REPORTS_READ_TOKEN_FILE = join(deploy, 'no-such-token');
    promote('catalog', version, 'tokenless');
    assert.equal(config().reports.grant, undefined);
  } finally {
    process.env.REPORTS_READ_TOKEN = token;
    delete process.env.REPORTS_READ_TOKEN_FILE;
  }
  refreshChannel('tokenless');
  // Set by before().
  assert.equal(config().reports.grant, reportGrant('tokenless', { catalog: [version] }, /** @type {string} */ (token)));
  assert.equal(config().remotes.catalog.version, version, 'what is live is unchanged');
});
