// Releases and channels on a throw-away deploy folder: immutable releases, promotion, rollback, history.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promote, rollback } from './channels.mjs';
import { publishPages } from './prerender-channel.mjs';
import { release } from './release.mjs';
import { channelDir, liveVersions, readChannel, releaseDir, writeFileAtomic } from './store.mjs';

let deploy;
let builds;
before(() => {
  deploy = mkdtempSync(join(tmpdir(), 'agri-deploy-test-'));
  builds = mkdtempSync(join(tmpdir(), 'agri-builds-test-'));
  process.env.DEPLOY_DIR = deploy;
});
after(() => {
  delete process.env.DEPLOY_DIR;
  rmSync(deploy, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

const shared = (name, version, requiredVersion) => ({ name, version, requiredVersion, singleton: true });

/** A build folder as rspack leaves it: the manifest, app.json and a file. */
function fakeBuild(name, { exposes = ['routes'], routes = [], consumes = [], react = '^19.2.0', marker = name } = {}) {
  const dir = join(builds, `${name}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ name, shared: [shared('react', '19.3.1', react), shared('@agri/api-client', '1.0.0', '^1.0.0')], exposes: exposes.map((e) => ({ name: e })) }),
  );
  writeFileSync(join(dir, 'app.json'), JSON.stringify({ name, routes, consumes }));
  writeFileSync(join(dir, 'page.js'), `/* ${marker} */`);
  return dir;
}

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
  const index = JSON.parse(readFileSync(join(deploy, 'releases/catalog/index.json'), 'utf8'));
  assert.deepEqual(index.releases.map((entry) => entry.version), [first.version, second.version]);
  assert.deepEqual(readdirSync(join(deploy, 'releases/catalog')).filter((name) => name.startsWith('.incoming')), []);
  assert.throws(() => release('catalog', { dist: fakeBuild('content') }), /this build is of "content", not "catalog"/);
  assert.throws(() => release('shell', { dist: fakeBuild('shell') }), /release it without --dist/);
});

test('promotion makes a release live in config.json by a versioned URL; rollback goes back; history keeps both', () => {
  const v1 = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version;
  const v2 = release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses', '/events'] }) }).version;
  promote('catalog', v1, 'staging');
  promote('catalog', v2, 'staging');
  const config = () => JSON.parse(readFileSync(join(channelDir('staging'), 'config.json'), 'utf8'));
  assert.deepEqual(config().remotes.catalog, { manifest: `/releases/catalog/${v2}/mf-manifest.json`, routes: ['/courses', '/events'], version: v2 });
  assert.equal(config().releases, '/releases/');

  assert.deepEqual(rollback('catalog', 'staging'), { from: v2, to: v1 });
  assert.equal(config().remotes.catalog.version, v1);
  assert.throws(() => rollback('catalog', 'staging'), /catalog has no earlier release on staging/);
  assert.throws(() => promote('catalog', v1, 'staging'), /is live on staging already/);
  assert.throws(() => promote('catalog', 'nope', 'staging'), /catalog@nope is not a published release/);
  assert.throws(() => promote('catalog', v1, '../etc'), /not a valid channel name/);

  const { history } = readChannel('staging');
  assert.deepEqual(
    history.map(({ action, version, previous }) => [action, version, previous]),
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
  // A shell release needs its own build (its files are named from its release folder): fake one in place.
  const shellVersion = 'shell-test-1';
  mkdirSync(releaseDir('shell', shellVersion), { recursive: true });
  writeFileSync(join(releaseDir('shell', shellVersion), 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(
    join(releaseDir('shell', shellVersion), 'release.json'),
    JSON.stringify({ app: 'shell', version: shellVersion, builtAt: new Date().toISOString(), contract: '1.0.0', provides: { react: '19.3.1' }, exposes: [], consumes: [], routes: [] }),
  );
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
  assert.match(readChannel('gated').history.at(-1).forced[0], /claims the route prefix/);
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
  const shellVersion = 'shell-pages-1';
  mkdirSync(releaseDir('shell', shellVersion), { recursive: true });
  writeFileSync(join(releaseDir('shell', shellVersion), 'index.html'), '<title>shell page</title>');
  writeFileSync(
    join(releaseDir('shell', shellVersion), 'release.json'),
    JSON.stringify({ app: 'shell', version: shellVersion, builtAt: new Date().toISOString(), contract: '1.0.0', provides: {}, exposes: [], consumes: [], routes: [] }),
  );
  promote('shell', shellVersion, 'paged');
  const dir = channelDir('paged');
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
  /** Pages made from the course list, as prerender/fresh-pages.mjs describes them. */
  const made = (paths) => ({
    written: paths,
    sources: { reads: Object.fromEntries(paths.map((path) => [path, ['http://api.test/api/course']])), listReads: [], answers: {} },
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
  assert.deepEqual(readChannel('paged').pageSources.madeWith, live, 'what the pages were made from names the releases');

  // A run that made only the pages whose data changed keeps the others as they are.
  const kept = { written: [], sources: { reads: { '/courses': ['http://api.test/api/course'], '/events': ['http://api.test/api/event'] }, listReads: [], answers: {} } };
  assert.equal(publishPages('paged', live, stage({ '/events': 'events' }), { ...kept, written: ['/events'] }), true);
  assert.equal(readFileSync(join(dir, 'courses', 'index.html'), 'utf8'), '<title>courses</title>');
  assert.deepEqual(readChannel('paged').pages, ['/courses', '/events']);

  // Pages made for releases that are no longer live are not put in place.
  assert.equal(publishPages('paged', { ...live, catalog: 'an-older-one' }, stage({ '/courses': 'stale' }), made(['/courses'])), false);
  assert.equal(readFileSync(join(dir, 'courses', 'index.html'), 'utf8'), '<title>courses</title>');
});
