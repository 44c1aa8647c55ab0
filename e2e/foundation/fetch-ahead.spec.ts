// The next page, ready before the click (issue 27): the code of a public page's remote loads as the visitor
// points at its link (never every link at once), so that the click has nothing left to fetch. (With
// Save-Data or on 2G nothing is fetched ahead, nor a decorative picture beyond the first: fetch-ahead.test.ts
// in the shell, hero.test.tsx in content.)
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Requests of the content remote's entry, by the time they are asked. */
function entriesOf(page: Page, origin: string) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(origin) && new URL(request.url()).pathname.endsWith('/remoteEntry.js')) asked.push(request.url());
  });
  return asked;
}

test('pointing at a link to another remote’s page loads its code, so that the click shows the page with no script left to fetch', async ({ page, site }) => {
  const content = entriesOf(page, site.remoteOrigin('content'));
  await page.goto('/courses');
  await expect(heading(page)).toHaveText('Our Courses');
  await page.waitForLoadState('networkidle');
  // Links in view to the catalog's own pages fetch nothing of another remote: no link is followed ahead for nothing.
  expect(content).toEqual([]);

  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
  await contact.hover();
  await expect.poll(() => content.length).toBe(1);
  await page.waitForLoadState('networkidle');

  // Ready before the click: the remote's entry, its route table and the page's code are all in. (How soon the
  // page shows is measured by the benchmarks, not by a timed test: docs/measures.md.)
  const scriptsAfterTheClick: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptsAfterTheClick.push(request.url());
  });
  await contact.click();
  await expect(heading(page)).toHaveText('Contact Us');
  expect(scriptsAfterTheClick).toEqual([]);
  expect(content).toHaveLength(1);
});

test('without Save-Data the home page’s other pictures and its slideshow follow once it is taken over', async ({ page }) => {
  const heroPictures = new Set<string>();
  page.on('request', (request) => {
    if (/hero-[a-z-]+\.[0-9a-f]+\.svg$/.test(request.url())) heroPictures.add(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('.hero__slides img')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Pause background slideshow' })).toBeVisible();
  await expect.poll(() => heroPictures.size).toBe(3);
});
