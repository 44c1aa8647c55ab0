import type { Page, Route } from '@playwright/test';
import { createRequire } from 'node:module';
import { APPLICATION_PAGE, expect, test } from '../support/fixtures';

// The shell's bound for one entry script (loaded as CommonJS, as Playwright loads app sources).
const { REMOTE_LOAD_TIMEOUT_MS } = createRequire(import.meta.url)(
  '../../apps/shell/src/federation/remote-timeout',
) as typeof import('../../apps/shell/src/federation/remote-timeout');

type RemoteName = 'catalog' | 'content' | 'account';

/**
 * A page of each remote and something only that page shows, and the page of the application it is reached from
 * (`via`) when every page of the remote is a document with islands, which needs no remote until it is used
 * (islands.spec.ts tells what a remote down costs there).
 */
const pageOf: Record<RemoteName, { path: string; heading: RegExp; via?: string }> = {
  content: { path: '/', heading: /Expert Agri-Food Training & Consultancy Solutions/, via: APPLICATION_PAGE },
  catalog: { path: '/events', heading: /upcoming events/i, via: APPLICATION_PAGE },
  account: { path: APPLICATION_PAGE, heading: /log in/i },
};

/** Opens the remote's page as the application shows it. */
async function openPageOf(page: Page, remote: RemoteName) {
  const { path, via } = pageOf[remote];
  await page.goto(via ?? path);
  if (via) await navigateInSite(page, path);
}
const remotes = Object.keys(pageOf) as RemoteName[];

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This section is temporarily unavailable' });

/** Moves within the running site, as a link would: the shell keeps what it knows. */
async function navigateInSite(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectPageOf(page: Page, remote: RemoteName) {
  await expect(page.getByRole('heading', { level: 1, name: pageOf[remote].heading })).toBeVisible();
}

async function expectUnavailableThenRecovers(page: Page, remote: RemoteName, restore: () => Promise<void>) {
  await openPageOf(page, remote);
  await expect(unavailable(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  for (const other of remotes.filter((name) => name !== remote)) {
    await navigateInSite(page, pageOf[other].path);
    await expectPageOf(page, other);
  }
  await navigateInSite(page, pageOf[remote].path);
  await expect(unavailable(page)).toBeVisible();
  await restore();
  await unavailable(page).getByRole('button', { name: 'Retry' }).click();
  await expectPageOf(page, remote);
  await expect(unavailable(page)).toHaveCount(0);
}

for (const remote of remotes) {
  test(`with the ${remote} remote down, the rest of the site works and ${remote} recovers on Retry`, async ({ page, site }) => {
    const everything = `${site.remoteOrigin(remote)}/**`;
    await page.route(everything, (route) => route.abort('connectionrefused'));
    await expectUnavailableThenRecovers(page, remote, () => page.unroute(everything));
  });
}

const entryFaults: Record<string, (route: Route) => Promise<void> | void> = {
  'answers 404 for its entry': (route) => route.fulfill({ status: 404, body: 'Not found' }),
  'answers 500 for its entry': (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }),
  'serves something that is not its entry': (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>maintenance</html>' }),
  // Never answers: the shell's own timeout must end the wait.
  hangs: () => new Promise<void>(() => {}),
};

for (const [fault, respond] of Object.entries(entryFaults)) {
  test(`when the catalog remote ${fault}, its pages say so and recover`, async ({ page, site }) => {
    // The entry, and the entry of a retry (the shell asks for it again by a URL of its own).
    const entry = `${site.remoteOrigin('catalog')}/remoteEntry.js*`;
    await page.route(entry, respond);
    // Down is told at once; a hang only after the shell's generous bound for slow links (15 s), not the runtime's 20 s.
    const within = fault === 'hangs' ? REMOTE_LOAD_TIMEOUT_MS + 7_000 : 6_000;
    await page.goto(APPLICATION_PAGE);
    await expectPageOf(page, 'account');
    const started = Date.now();
    await navigateInSite(page, '/events');
    await expect(unavailable(page)).toBeVisible({ timeout: within });
    expect(Date.now() - started).toBeLessThan(within);
    if (fault === 'hangs') expect(Date.now() - started).toBeGreaterThanOrEqual(REMOTE_LOAD_TIMEOUT_MS);
    await navigateInSite(page, '/');
    await expectPageOf(page, 'content');
    await page.unroute(entry);
    await navigateInSite(page, '/events');
    await unavailable(page).getByRole('button', { name: 'Retry' }).click();
    await expectPageOf(page, 'catalog');
  });
}

test('a remote that goes down after start-up fails only on navigation to it, and recovers', async ({ page, site }) => {
  await openPageOf(page, 'account');
  await expectPageOf(page, 'account');
  const everything = `${site.remoteOrigin('catalog')}/**`;
  await page.route(everything, (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(unavailable(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  await page.unroute(everything);
  await unavailable(page).getByRole('button', { name: 'Retry' }).click();
  await expectPageOf(page, 'catalog');
});

test('a page that throws while rendering is contained, and Retry renders it again', async ({ page }) => {
  // Fault injected from outside the product: number formatting breaks until the flag is cleared.
  await page.addInitScript(() => {
    const original = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    const flags = window as unknown as { breakNumberFormat: boolean };
    flags.breakNumberFormat = true;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get() {
        if (flags.breakNumberFormat) throw new Error('injected render fault');
        return original.get!.call(this);
      },
    });
  });
  // Into the courses inside the site (a document with islands hydrates nothing until it is used).
  await page.goto(APPLICATION_PAGE);
  await navigateInSite(page, '/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Courses' })).toBeVisible();
  const firstCourse = page.getByRole('link', { name: /view/i }).first();
  await firstCourse.click();
  await expect(unavailable(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { breakNumberFormat: boolean }).breakNumberFormat = false;
  });
  await unavailable(page).getByRole('button', { name: 'Retry' }).click();
  await expect(unavailable(page)).toHaveCount(0);
  await expect(page.getByText(/KES\s[\d,]+/).first()).toBeVisible();
});

test("when the shell's own code cannot load, the visitor is told and can reload", async ({ page, site }) => {
  // Every chunk the shell loads after main.js: its start-up cannot complete.
  const chunks = new RegExp(`^${site.origin}/\\d+\\.[0-9a-f]+\\.js$`);
  await page.route(chunks, (route) => route.abort('connectionreset'));
  // A page of the application (a document with islands runs no code until it is used: islands.spec.ts).
  await openPageOf(page, 'account');
  const failure = page.getByRole('alert').filter({ hasText: 'The site could not load. Check your connection and try again.' });
  await expect(failure).toBeVisible();
  await page.unroute(chunks);
  await failure.getByRole('button', { name: 'Reload' }).click();
  await expectPageOf(page, 'account');
});
