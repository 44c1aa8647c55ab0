// Independent delivery, end to end: releases, promotion, rollback, previews, a new remote and the
// compatibility gate, on a throw-away deploy folder served as a static host would serve it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { serveChannel } from '../../tooling/delivery/serve-channel.mjs';
import { measureFirstLoadJs } from '../../tooling/bench/first-load.mjs';
import { CHANNEL_LOAD_MS, CHANNEL_TEST_MS, DeployFolder } from './deploy-folder';
import { apps } from '../../tooling/build/apps.mjs';
import { rootDir } from '../../tooling/machine/pnpm.mjs';
import { siteConfig, urlOf } from '../support/site-ports.mjs';
import { expect as siteExpect, test } from '../support/fixtures';

const expect = siteExpect.configure({ timeout: CHANNEL_LOAD_MS });

const CHANNEL = 'production';
const NEW_HEADING = 'Our Courses — 2027 intake';

let folder: DeployFolder;
let deploy: string;
let server: Server;
const versions: Record<string, string> = {};

const run = (...args: string[]) => folder.run(...args);
const release = (app: string, dist?: string) => folder.release(app, dist);
const promote = (app: string, version: string, ...flags: string[]) => folder.promote(app, version, ...flags);
const changedBuild = (app: string, edit: (dir: string) => void, from?: string) => folder.changedBuild(app, edit, from);

function editJson(file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, JSON.stringify(json));
}

type Shared = { name: string; version: string; requiredVersion: string };
const editShared = (dir: string, name: string, change: (shared: Shared) => void) =>
  editJson(join(dir, 'mf-manifest.json'), (manifest) => {
    for (const shared of manifest.shared as Shared[]) if (shared.name === name) change(shared);
  });

/** A digest of every file under `dir`, to prove a promotion left them alone. */
function digest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const coursesHeading = (page: Page) => page.getByRole('heading', { level: 1 });
const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This section is temporarily unavailable' });

test.describe.configure({ mode: 'serial', timeout: CHANNEL_TEST_MS });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = new DeployFolder(CHANNEL);
  deploy = folder.dir;
  // Every app, the shell too, is released from the build under test: no build of its own.
  for (const { name, dir } of apps) versions[name] = release(name, join(dir, 'dist'));
  versions.catalogNext = release('catalog', folder.catalogWithHeading(JSON.stringify(NEW_HEADING)));
  // All but the back office, which a test below adds to the channel by promotion alone.
  for (const { name: app } of apps.filter(({ name }) => name !== 'backoffice')) {
    const promoted = promote(app, versions[app]!);
    expect(promoted.ok, promoted.output).toBe(true);
  }
  // Served as a static host would, with the harness's test-mode API.
  server = await serveChannel({ channel: CHANNEL, port: Number(new URL(urlOf('channel')).port), api: siteConfig.api });
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  folder.remove();
});

test('a promoted catalog reaches the next visit with the shell untouched, and a rollback brings the first back', async ({ page }) => {
  const channel = urlOf('channel');
  await page.goto(`${channel}/courses`);
  await expect(coursesHeading(page)).toHaveText('Our Courses');
  const shellFiles = digest(join(deploy, 'releases/shell'));
  const channelPage = readFileSync(join(deploy, 'channels', CHANNEL, 'app.html'));

  const promoted = promote('catalog', versions.catalogNext!);
  expect(promoted.output).toContain(`catalog@${versions.catalogNext} is live on production (was ${versions.catalog})`);
  await page.goto(`${channel}/courses`);
  await expect(coursesHeading(page)).toHaveText(NEW_HEADING);
  // No shell build, no shell file touched: byte for byte.
  expect(digest(join(deploy, 'releases/shell'))).toBe(shellFiles);
  expect(readFileSync(join(deploy, 'channels', CHANNEL, 'app.html')).equals(channelPage)).toBe(true);
  const config = JSON.parse(readFileSync(join(deploy, 'channels', CHANNEL, 'config.json'), 'utf8'));
  expect(config.remotes.catalog.entry).toBe(`/releases/catalog/${versions.catalogNext}/remoteEntry.js`);

  const listing = run('releases');
  expect(listing.output).toMatch(new RegExp(`${versions.catalogNext}.*live on production`));

  // Kept open to preview: the next test previews it.
  const rolledBack = run('rollback', 'catalog', '--on', CHANNEL, '--no-prerender', '--keep-preview');
  expect(rolledBack.output).toContain(`catalog on production is back on ${versions.catalog} (was ${versions.catalogNext})`);
  await page.goto(`${channel}/courses`);
  await expect(coursesHeading(page)).toHaveText('Our Courses');
});

test('a preview shows the second catalog in one browser while another still sees the first, until it leaves', async ({ page, browser }) => {
  const channel = urlOf('channel');
  await page.goto(`${channel}/courses?preview=catalog@${versions.catalogNext}`);
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toContainText(`Preview: catalog ${versions.catalogNext}`);
  await expect(coursesHeading(page)).toHaveText(NEW_HEADING);
  // The tab keeps its preview as it moves on, and after a reload without the link's query.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(banner).toBeVisible();
  await page.goto(`${channel}/courses`);
  await expect(coursesHeading(page)).toHaveText(NEW_HEADING);

  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${channel}/courses`);
    await expect(coursesHeading(visitor)).toHaveText('Our Courses');
    await expect(visitor.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  } finally {
    await visitor.close();
  }

  await banner.getByRole('button', { name: 'Leave preview' }).click();
  await expect(coursesHeading(page)).toHaveText('Our Courses');
  await expect(banner).toHaveCount(0);
});

test('a preview of anything but a published release is refused with a message, and loads nothing', async ({ page }) => {
  const channel = urlOf('channel');
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(channel) && !request.url().startsWith(siteConfig.api.apiBaseUrl.replace(/\/api\/$/, ''))) elsewhere.push(request.url());
  });
  await page.goto(`${channel}/courses?preview=${encodeURIComponent('catalog@https://evil.example/mf-manifest.json')}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Preview refused' })).toContainText(
    'Preview refused: the link does not name a release (expected app@version).',
  );
  await expect(coursesHeading(page)).toHaveText('Our Courses');
  expect(elsewhere).toEqual([]);

  // A version that reads as a message is not repeated: only a release found in the index is ever named.
  await page.goto(`${channel}/courses?preview=catalog@Account_locked-call_0700000000`);
  const refusal = page.getByRole('alert').filter({ hasText: 'Preview refused' });
  await expect(refusal).toContainText('Preview refused: the link names no release of catalog open to preview (unknown, or withdrawn).');
  await expect(refusal).not.toContainText('0700000000');
  await expect(coursesHeading(page)).toHaveText('Our Courses');
});

test('a release rolled back, or withdrawn by hand, no longer loads as a preview, and the journal says who and why (issue 23)', async ({ page }) => {
  const channel = urlOf('channel');
  const refused = page.getByRole('alert').filter({ hasText: 'Preview refused' });
  const faulty = release(
    'catalog',
    changedBuild('catalog', () => {}),
  );
  expect(promote('catalog', faulty).ok).toBe(true);
  const rolledBack = run('rollback', 'catalog', '--on', CHANNEL, '--no-prerender', '--reason', 'bookings fail on phones');
  expect(rolledBack.output).toContain(`catalog@${faulty} is withdrawn from preview`);
  await page.goto(`${channel}/courses?preview=catalog@${faulty}`);
  await expect(refused).toContainText('the link names no release of catalog open to preview (unknown, or withdrawn).');
  await expect(coursesHeading(page)).toHaveText('Our Courses');

  // A tab that previews a release keeps it only until the release is withdrawn: its next page is the channel's.
  await page.goto(`${channel}/courses?preview=catalog@${versions.catalogNext}`);
  await expect(coursesHeading(page)).toHaveText(NEW_HEADING);
  const withdrawn = run('releases', '--withdraw', `catalog@${versions.catalogNext}`, '--reason', 'wrong intake year');
  expect(withdrawn.ok, withdrawn.output).toBe(true);
  await page.reload();
  await expect(refused).toBeVisible();
  await expect(coursesHeading(page)).toHaveText('Our Courses');
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);

  const history = run('releases', '--history').output;
  expect(history).toMatch(new RegExp(`withdraw +catalog@${faulty} .*why: rolled back on production: bookings fail on phones.* by \\S+@\\S+`));
  expect(history).toMatch(new RegExp(`withdraw +catalog@${versions.catalogNext} .*why: wrong intake year`));
  expect(history).toMatch(new RegExp(`rollback +catalog@${versions.catalog} .*was ${faulty}.*why: bookings fail on phones`));
});

test('a fourth remote, with its own route table, goes live by promotion alone', async ({ page }) => {
  const channel = urlOf('channel');
  await page.goto(`${channel}/notices`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const dist = join(folder.scratch, 'notices');
  const build = spawnSync(join(rootDir, 'node_modules/.bin/rspack'), ['build', '--mode', 'production', '-c', 'e2e/delivery/notices/rspack.config.mjs'], {
    cwd: rootDir,
    env: { ...process.env, BUILD_OUTPUT_DIR: dist },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  versions.notices = release('notices', dist);
  expect(promote('notices', versions.notices).ok).toBe(true);

  await page.goto(`${channel}/notices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await expect(coursesHeading(page)).toHaveText('Our Courses');
});

test('the back office goes live by promotion alone, and the public pages load none of it', async ({ page }) => {
  const channel = urlOf('channel');
  /** What a public page loads at first: its scripts (by name) and their size, in a page of its own. */
  const firstLoad = async (path: string) => {
    const visitor = await page.context().newPage();
    const { files, totalKb } = await measureFirstLoadJs(visitor, `${channel}${path}`);
    await visitor.close();
    return { scripts: files.map((file) => new URL(file.url).pathname).sort(), totalKb: Math.round(totalKb * 10) / 10 };
  };
  await page.goto(`${channel}/staff/login`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const before = { home: await firstLoad('/'), courses: await firstLoad('/courses') };
  const shellFiles = digest(join(deploy, 'releases/shell'));

  const promoted = promote('backoffice', versions.backoffice!);
  expect(promoted.ok, promoted.output).toBe(true);

  await page.goto(`${channel}/staff/login`);
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(digest(join(deploy, 'releases/shell')), 'no shell build, no shell file touched').toBe(shellFiles);
  const after = { home: await firstLoad('/'), courses: await firstLoad('/courses') };
  expect(after).toEqual(before);
  expect([...after.home.scripts, ...after.courses.scripts].filter((script) => script.includes('/backoffice/'))).toEqual([]);
});

test('the gate refuses each incompatible release with a message that names the problem', () => {
  const refused = (app: string, version: string, ...flags: string[]) => {
    const { ok, output } = promote(app, version, ...flags);
    expect(ok, output).toBe(false);
    return output;
  };
  const shellReact = JSON.parse(readFileSync(join(deploy, 'releases/shell', versions.shell!, 'release.json'), 'utf8')).provides.react;

  versions.react20 = release(
    'catalog',
    changedBuild('catalog', (dir) => editShared(dir, 'react', (shared) => (shared.requiredVersion = '^20.0.0'))),
  );
  const react = refused('catalog', versions.react20);
  expect(react).toContain(`catalog@${versions.react20} needs react ^20.0.0, but shell@${versions.shell} provides react ${shellReact} on production.`);
  expect(refused('catalog', versions.react20, '--force')).toContain('(--force cannot override this)');

  const contract = release(
    'catalog',
    changedBuild('catalog', (dir) =>
      editShared(dir, '@agri/api-client', (shared) => {
        shared.version = '2.0.0';
        shared.requiredVersion = '^2.0.0';
      }),
    ),
  );
  expect(refused('catalog', contract, '--force')).toContain(`catalog@${contract} is built on API contract 2.0.0, but production runs another major:`);

  const dropped = release(
    'catalog',
    changedBuild('catalog', (dir) =>
      editJson(join(dir, 'mf-manifest.json'), (manifest) => {
        manifest.exposes = (manifest.exposes as { name: string }[]).filter((exposed) => exposed.name !== 'upcoming-events');
      }),
    ),
  );
  expect(refused('catalog', dropped)).toContain(
    `content@${versions.content} consumes catalog/upcoming-events, which catalog@${dropped} does not expose (it exposes: routes, islands).`,
  );

  const clash = release(
    'notices',
    changedBuild(
      'notices',
      (dir) => editJson(join(dir, 'app.json'), (facts) => (facts.routes = ['/notices', '/courses/news'])),
      join(folder.scratch, 'notices'),
    ),
  );
  expect(refused('notices', clash)).toContain(
    `notices@${clash} claims the route prefix /courses/news, but /courses belongs to catalog@${versions.catalog} on production.`,
  );

  // Nothing of that reached the channel.
  const config = JSON.parse(readFileSync(join(deploy, 'channels', CHANNEL, 'config.json'), 'utf8'));
  expect(config.remotes.catalog.version).toBe(versions.catalog);
  expect(config.remotes.notices.version).toBe(versions.notices);
});

test('a remote that slipped through with a React it cannot share shows its unavailable panel, not a broken page', async ({ page }) => {
  // A preview skips the gate (nothing goes live); the shell's own check must hold.
  await page.goto(`${urlOf('channel')}/courses?preview=catalog@${versions.react20}`);
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  await expect(unavailable(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Expert Agri-Food Training & Consultancy Solutions' })).toBeVisible();
});

test('an open tab that meets a chunk of a retired release recovers with one reload', async ({ page }) => {
  const channel = urlOf('channel');
  await page.goto(`${channel}/courses`);
  await expect(coursesHeading(page)).toHaveText('Our Courses');
  expect(promote('catalog', versions.catalogNext!).ok).toBe(true);
  // The old release is gone from the host (pruned, or a CDN that lost it).
  const retired = join(deploy, 'releases/catalog', versions.catalog!);
  renameSync(retired, `${retired}.gone`);
  try {
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The course page's code was never fetched by this tab: it comes from the retired release.
    await page.locator('a[href^="/course/"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Our Courses');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(unavailable(page)).toHaveCount(0);
    expect(loads).toBe(1);
  } finally {
    renameSync(`${retired}.gone`, retired);
  }
});

test('a rollback prerenders the public pages with the releases it makes live, and the shell takes them over', async ({ page }) => {
  const channel = urlOf('channel');
  // The channel's settings, as its operator writes them in deploy/channels/production.json.
  editJson(join(deploy, 'channels', `${CHANNEL}.json`), (state) => {
    state.api = siteConfig.api;
    state.siteUrl = channel;
  });
  // The page this test reads, not the channel's 34 (137 s on a quiet machine); the others are rendered in the browser.
  const rolledBack = run('rollback', 'catalog', '--on', CHANNEL, '--pages', '/courses');
  expect(rolledBack.output).toContain('1 page of production prerendered.');

  // The first answer holds the page: its heading, its head tags, the release it was made with.
  const courses = readFileSync(join(deploy, 'channels', CHANNEL, 'courses', 'index.html'), 'utf8');
  expect(courses).toMatch(/<h1[^>]*>Our Courses<\/h1>/);
  expect(courses).not.toContain(NEW_HEADING);
  expect(courses).toContain('<title>Courses | Mavuno Agri-Food Consultants</title>');
  expect(courses).toContain(`/releases/catalog/${versions.catalog}/remoteEntry.js`);
  // The shell's own page, served for the paths without a page, is still the shell release's, byte for byte.
  expect(readFileSync(join(deploy, 'channels', CHANNEL, 'app.html')).equals(readFileSync(join(deploy, 'releases/shell', versions.shell!, 'index.html')))).toBe(
    true,
  );

  const renderedAfresh: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('rendered afresh')) renderedAfresh.push(message.text());
  });
  await page.goto(`${channel}/courses`);
  await expect(coursesHeading(page)).toHaveText('Our Courses');
  await page
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/course\//);
  expect(renderedAfresh).toEqual([]);
});

test('after a promotion a phone’s next online load runs the new release, and offline it never mixes releases (issue 27)', async ({ browser }) => {
  const channel = urlOf('channel');
  // A phone with the site's service worker (the other suites block it).
  const phone = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await phone.newPage();
  // The catalog release the page runs: the entry the federation runtime loaded. (A page made with an older
  // release may still preload that one's files; they are never run.) Polled: the prerendered heading shows
  // before the shell has loaded the catalog's entry.
  const catalogRunning = () =>
    page.evaluate(() => {
      type Instance = { name: string; moduleCache: Map<string, { remoteInfo: { entry: string } }> };
      const instances = (window as unknown as { __FEDERATION__?: { __INSTANCES__: Instance[] } }).__FEDERATION__?.__INSTANCES__ ?? [];
      const entry = instances.find((instance) => instance.name === 'shell')?.moduleCache.get('catalog')?.remoteInfo.entry ?? '';
      return /\/releases\/catalog\/([^/]+)\//.exec(entry)?.[1];
    });
  const keptPages = () => page.evaluate(async () => (await (await caches.open('agri-pages-v1')).keys()).map((request) => new URL(request.url).pathname));
  // A prerendered /courses is a document with islands: its code runs once an island is needed (a tap, a changed
  // answer); asked for here, as one would be. (A page rendered in the browser runs it at once.)
  const askForItsIslands = () =>
    page.evaluate(() => {
      const loader = (window as unknown as { agriIslands?: { ask: (island: Element) => void } }).agriIslands;
      for (const island of loader ? document.querySelectorAll('[data-island]') : []) loader!.ask(island);
    });
  try {
    await page.goto(`${channel}/courses`);
    await expect(coursesHeading(page)).toHaveText('Our Courses');
    await askForItsIslands();
    await expect.poll(catalogRunning).toBe(versions.catalog);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(keptPages, { timeout: 20_000 }).toContain('/courses');

    expect(promote('catalog', versions.catalogNext!).ok).toBe(true);
    await page.goto(`${channel}/courses`);
    await expect(coursesHeading(page)).toHaveText(NEW_HEADING);
    await askForItsIslands();
    await expect.poll(catalogRunning).toBe(versions.catalogNext);
    await page.waitForLoadState('networkidle');

    // Offline, the page is the one read last, with the config.json it was read with: the new release alone.
    await phone.setOffline(true);
    await page.goto(`${channel}/courses`);
    await expect(coursesHeading(page)).toHaveText(NEW_HEADING);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expect(unavailable(page)).toHaveCount(0);
    await askForItsIslands();
    await expect.poll(catalogRunning).toBe(versions.catalogNext);
  } finally {
    await phone.close();
    run('rollback', 'catalog', '--on', CHANNEL, '--no-prerender', '--keep-preview');
  }
});
