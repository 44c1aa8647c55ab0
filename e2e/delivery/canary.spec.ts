// Release with evidence (issue 26), end to end: a catalog canary at 50 % on a channel served from a
// throw-away deploy folder, browsers on both sides reporting to the test API, and the canary watcher.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CANARY_RULE } from '../../tooling/delivery/canary-rule.mjs';
import { WATCHER, checkCanaries, watchCanaries } from '../../tooling/delivery/canary-watch.mjs';
import { readJournal } from '../../tooling/delivery/journal.mjs';
import { serveChannel } from '../../tooling/delivery/serve-channel.mjs';
import { apps } from '../../tooling/build/apps.mjs';
import { reportsReadToken, siteConfig, urlOf } from '../support/site-ports.mjs';
import { expect as siteExpect, test } from '../support/fixtures';
import { CHANNEL_LOAD_MS, CHANNEL_TEST_MS, DeployFolder } from './deploy-folder';

const expect = siteExpect.configure({ timeout: CHANNEL_LOAD_MS });

// A channel of its own: the delivery suite, beside it, reports to the same test API, and its releases, made in
// the same second from the same commit, may bear the same versions.
const CHANNEL = 'canary-suite';
const CANARY_HEADING = 'Our Courses — the canary';
/**
 * Sessions each side sends: the watcher's minimum in this suite, far below production's 200. Six a side is the
 * fewest with which errors in every canary session and none in the stable's pass the rule's z-test (z = 3.46
 * against 3.09; the rule itself is tested on its figures in canary-rule.test.mjs).
 */
const SESSIONS_A_SIDE = 6;
/** Every visitor here is this machine, one source: the suite's watcher takes one source as broad enough. */
const rule = { ...CANARY_RULE, minSessions: SESSIONS_A_SIDE, minSources: 1 };
/** Twice SESSIONS_A_SIDE cold visits, each waiting for its beacon: about 25 s on a quiet machine. */
const VISITING_BOTH_SIDES_MS = 180_000;

let folder: DeployFolder;
let server: Server;
const versions: Record<string, string> = {};
const site = () => urlOf('canary');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

type StoredReport = {
  kind: string;
  session: string | null;
  source: string | null;
  channel: string | null;
  releases: Record<string, string>;
  path: string;
  subject: string | null;
  message: string | null;
};

async function storedReports(since: string): Promise<StoredReport[]> {
  const answer = await fetch(`${siteConfig.api.apiBaseUrl}test/reports?since=${encodeURIComponent(since)}`);
  return ((await answer.json()) as { reports: StoredReport[] }).reports.filter((report) => report.channel === CHANNEL);
}

const config = () => JSON.parse(readFileSync(join(folder.dir, 'channels', CHANNEL, 'config.json'), 'utf8'));

/** A visitor whose browser drew `bucket` (its first visit keeps it), with its own tab session. */
async function visitor(browser: Browser, bucket: number) {
  const context = await browser.newContext();
  await context.addInitScript((kept) => {
    if (localStorage.getItem('shell:canary-bucket') === null) localStorage.setItem('shell:canary-bucket', kept);
  }, String(bucket));
  return { context, page: await context.newPage() };
}

/** Beacons are best effort: two visits of a run may lose their reports and be made again; more fails the test. */
const LOST_VISITS_ALLOWED = 2;

/** The tab's report session, as browser-reports.ts keeps it for the tab once the API has started it. */
async function reportSession(page: Page): Promise<string> {
  const kept = () => page.evaluate(() => sessionStorage.getItem('shell:report-session'));
  await expect.poll(kept).not.toBeNull();
  return (JSON.parse((await kept())!) as { session: string }).session;
}

/** Whether the API has stored the page view of `session`. */
const pageViewStored = async (session: string, since: string) =>
  (await storedReports(since)).some((report) => report.kind === 'page-view' && report.session === session);

/**
 * Leaves the visitor's page, so that its reports go as a beacon on pagehide, and closes its browser once the API
 * has stored its page view (within 20 s): its session, and whether it was. A visit left in flight would count in
 * the next test's evidence.
 */
async function leaveAfterReports(context: BrowserContext, page: Page, since: string): Promise<{ session: string; arrived: boolean }> {
  const session = await reportSession(page);
  await page.goto('about:blank');
  const arrived = await expect
    .poll(() => pageViewStored(session, since), { timeout: 20_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  await context.close();
  return { session, arrived };
}

/**
 * Visits /courses as `count` visitors on each side. Each leaves the page (leaveAfterReports) and counts once the
 * API has stored the page view of its own session: a late one of an earlier test's visit is not this one's (counting
 * every session since the start made each visit of the next test look lost). Under load about one visit in twenty
 * used to lose its reports: a federation error's message ran over several lines, and the API refused the whole
 * batch (browser-reports.ts now sends one line). A browser may still drop a beacon, as a phone's may (seen once
 * since, with no request in the API's log): such a visit is logged and made again on the same side, so each side
 * counts `count` visits and the watcher's evidence below stays exact.
 */
async function visitBothSides(browser: Browser, count: number) {
  const since = new Date().toISOString();
  let lost = 0;
  for (let index = 0; index < count; index += 1) {
    for (const bucket of [index % 50, 50 + (index % 50)]) {
      for (;;) {
        const { context, page } = await visitor(browser, bucket);
        await page.goto(`${site()}/courses`);
        await expect(page.locator('html[data-shell="ready"]')).toBeAttached();
        await expect(heading(page).or(page.getByText('This section is temporarily unavailable'))).toBeVisible();
        const { session, arrived } = await leaveAfterReports(context, page, since);
        if (arrived) break;
        lost += 1;
        console.warn(`visit ${session} (bucket ${bucket}) lost its reports; made again (${lost} of ${LOST_VISITS_ALLOWED} allowed)`);
        expect(lost, 'visits whose reports never reached the API').toBeLessThanOrEqual(LOST_VISITS_ALLOWED);
        // Late after all: its session counts, and the side has its visit.
        if (await pageViewStored(session, since)) break;
      }
    }
  }
}

test.describe.configure({ mode: 'serial', timeout: CHANNEL_TEST_MS });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  folder = new DeployFolder(CHANNEL);
  for (const { name, dir } of apps) versions[name] = folder.release(name, join(dir, 'dist'));
  // A release that throws as soon as the courses page renders, and a healthy one that says it is the canary.
  versions.throwing = folder.release('catalog', folder.catalogWithHeading('(()=>{throw new Error("the canary broke the courses page")})()'));
  versions.healthy = folder.release('catalog', folder.catalogWithHeading(JSON.stringify(CANARY_HEADING)));
  for (const { name: app } of apps) {
    const promoted = folder.promote(app, versions[app]!);
    expect(promoted.ok, promoted.output).toBe(true);
  }
  // The channel's reports go to the harness's test API, which the watcher reads.
  const stateFile = join(folder.dir, 'channels', `${CHANNEL}.json`);
  const state = JSON.parse(readFileSync(stateFile, 'utf8'));
  state.api = siteConfig.api;
  writeFileSync(stateFile, JSON.stringify(state));
  server = await serveChannel({ channel: CHANNEL, port: Number(new URL(site()).port), api: siteConfig.api });
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  folder?.remove();
});

test('a canary that throws on /courses is reported against catalog by its side only, and the watcher rolls it back', async ({ browser }) => {
  test.setTimeout(VISITING_BOTH_SIDES_MS);
  const since = new Date(Date.now() - 1000).toISOString();
  const promoted = folder.promote('catalog', versions.throwing!, '--canary', '50');
  expect(promoted.ok, promoted.output).toBe(true);
  expect(config().remotes.catalog.canary).toMatchObject({ version: versions.throwing, share: 50 });

  await visitBothSides(browser, SESSIONS_A_SIDE);
  const onSide = (reports: StoredReport[], version: string) => reports.filter((report) => report.releases.catalog === version);
  await expect
    .poll(
      async () =>
        new Set(
          onSide(await storedReports(since), versions.throwing!)
            .filter((r) => r.kind === 'page-view')
            .map((r) => r.session),
        ).size,
    )
    .toBe(SESSIONS_A_SIDE);
  const reports = await storedReports(since);
  const canaryErrors = onSide(reports, versions.throwing!).filter((report) => report.kind === 'error');
  expect(new Set(canaryErrors.map((report) => report.session)).size).toBe(SESSIONS_A_SIDE);
  expect(canaryErrors.every((report) => report.subject === 'catalog' && /the canary broke the courses page/.test(report.message ?? ''))).toBe(true);
  expect(onSide(reports, versions.catalog!).filter((report) => report.kind === 'error')).toEqual([]);
  // The releases the pages ran, the canary's included, and nothing that could name a visitor.
  expect(onSide(reports, versions.throwing!)[0]!.releases).toEqual({
    ...Object.fromEntries(apps.map(({ name }) => [name, versions[name]])),
    catalog: versions.throwing,
  });
  // What a report keeps (its columns) is the API's test; here, that real pages' reports fill them without a visitor's traces.
  for (const report of reports) {
    expect(report.source).toMatch(/^[0-9a-f]{6}$/);
    expect(report.session ?? '').toMatch(/^([0-9a-f]{20})?$/);
    expect(report.path).toMatch(/^\/[a-z-]*(\/\*)?$/);
  }

  // On production's rule, errors from one source are too narrow to roll back by themselves: held for a person.
  const [held] = await checkCanaries(CHANNEL, { rule: { ...rule, minSources: CANARY_RULE.minSources }, token: reportsReadToken });
  expect(held).toMatchObject({ verdict: 'hold' });
  expect(held!.reasons.join()).toMatch(/from 1 source only/);
  expect(config().remotes.catalog.canary).toMatchObject({ version: versions.throwing, share: 50 });

  // The watcher, as npm start runs it: rolled back within a bounded time.
  const started = Date.now();
  const stop = watchCanaries([CHANNEL], { intervalMs: 1000, rule, token: reportsReadToken, log: () => {} });
  try {
    await expect.poll(() => config().remotes.catalog.canary, { timeout: 20_000 }).toBeUndefined();
  } finally {
    stop();
  }
  console.log(`the watcher rolled the canary back ${((Date.now() - started) / 1000).toFixed(1)} s after it started`);
  const entry = readJournal(CHANNEL).at(-1)!;
  expect(entry).toMatchObject({
    action: 'canary-rollback',
    app: 'catalog',
    previous: versions.throwing,
    version: versions.catalog,
    who: WATCHER,
    share: 0,
    was: 50,
  });
  expect(entry.reason).toMatch(/error rate 100\.0 % against 0\.0 %/);
  expect(entry.evidence?.canary).toMatchObject({ version: versions.throwing, sessions: SESSIONS_A_SIDE, errorSessions: SESSIONS_A_SIDE });
  expect(entry.evidence?.stable).toMatchObject({ version: versions.catalog, sessions: SESSIONS_A_SIDE, errorSessions: 0 });

  // Every visitor, the canary's side too, gets the stable release.
  const { context, page } = await visitor(browser, 0);
  await page.goto(`${site()}/courses`);
  await expect(heading(page)).toHaveText('Our Courses');
  // Its page view in before the next test counts its own (a beacon lost is no harm: none comes late).
  await leaveAfterReports(context, page, since);
});

test('a healthy canary at 50 % is not rolled back over the same number of sessions', async ({ browser }) => {
  test.setTimeout(VISITING_BOTH_SIDES_MS);
  expect(folder.promote('catalog', versions.healthy!, '--canary', '50').ok).toBe(true);
  await visitBothSides(browser, SESSIONS_A_SIDE);
  await expect.poll(async () => (await checkCanaries(CHANNEL, { rule, token: reportsReadToken }))[0]?.verdict, { timeout: 20_000 }).toBe('healthy');
  expect(config().remotes.catalog.canary).toMatchObject({ version: versions.healthy, share: 50 });
});

test('a visitor stays on one side across reloads and pages; a preview overrides the side for its tab', async ({ browser }) => {
  const canary = await visitor(browser, 7);
  await canary.page.goto(`${site()}/courses`);
  await expect(heading(canary.page)).toHaveText(CANARY_HEADING);
  await canary.page.reload();
  await expect(heading(canary.page)).toHaveText(CANARY_HEADING);
  await canary.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await canary.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await expect(heading(canary.page)).toHaveText(CANARY_HEADING);
  // The stable release, previewed in this tab, wins over the bucket.
  await canary.page.goto(`${site()}/courses?preview=catalog@${versions.catalog}`);
  await expect(canary.page.getByRole('region', { name: 'Preview' })).toContainText(`Preview: catalog ${versions.catalog}`);
  await expect(heading(canary.page)).toHaveText('Our Courses');
  await canary.context.close();

  const stable = await visitor(browser, 93);
  await stable.page.goto(`${site()}/courses`);
  await expect(heading(stable.page)).toHaveText('Our Courses');
  await stable.page.reload();
  await expect(heading(stable.page)).toHaveText('Our Courses');
  await stable.context.close();
});

test('a tab opened before a promotion keeps its composition as it navigates; a new tab gets the new one', async ({ browser }) => {
  const before = await visitor(browser, 93);
  await before.page.goto(`${site()}/`);
  await expect(before.page.locator('html[data-shell="ready"]')).toBeAttached();
  const finished = folder.run('promote', 'catalog', '--to', CHANNEL, '--finish', '--no-prerender');
  expect(finished.ok, finished.output).toBe(true);
  expect(config().remotes.catalog).toMatchObject({ version: versions.healthy });
  expect(config().remotes.catalog.canary).toBeUndefined();
  // The catalog was never loaded by this tab: it still loads the release the tab started with.
  await before.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await expect(heading(before.page)).toHaveText('Our Courses');
  await before.context.close();

  const after = await visitor(browser, 93);
  await after.page.goto(`${site()}/courses`);
  await expect(heading(after.page)).toHaveText(CANARY_HEADING);
  await after.context.close();
});
