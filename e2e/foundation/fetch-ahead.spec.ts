// The next page, ready before the click (issue 27): the code of a public page's remote loads as the visitor
// points at its link (never every link at once), so that the click has nothing left to fetch. (With
// Save-Data or on 2G nothing is fetched ahead: fetch-ahead.test.ts in the shell; nor a decorative picture beyond
// the first: e2e/content/home.spec.ts.)
import type { Page, Request } from '@playwright/test';
import { APPLICATION_PAGE, expect, test } from '../support/fixtures';

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
  // A page of the application (a document with islands moves by page loads: nothing to fetch ahead).
  await page.goto(APPLICATION_PAGE);
  await expect(heading(page)).toHaveText(/Log In/i);
  await page.waitForLoadState('networkidle');
  // The links in view fetch nothing of another remote: no link is followed ahead for nothing.
  expect(content).toEqual([]);

  // The content remote's scripts, as they are asked for and as they arrive.
  const scripts = { asked: new Set<string>(), arrived: new Set<string>() };
  const isContentScript = (request: Request) => request.url().startsWith(site.remoteOrigin('content')) && request.resourceType() === 'script';
  page.on('request', (request) => isContentScript(request) && scripts.asked.add(request.url()));
  page.on('requestfinished', (request) => isContentScript(request) && scripts.arrived.add(request.url()));

  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
  await contact.hover();
  // Ready before the click: the remote's entry, its route table, then the page's code (asked for together once
  // the route table is in), all arrived.
  const pageCode = () => [...scripts.asked].filter((url) => !/\/(remoteEntry|__federation_expose_[a-z_]+)\.[0-9a-f.]*js$/.test(new URL(url).pathname));
  await expect.poll(() => pageCode().length > 0 && [...scripts.asked].every((url) => scripts.arrived.has(url))).toBe(true);
  expect(content).toHaveLength(1);

  // So the click has nothing of the remote left to fetch. (How soon the page shows is measured by the
  // benchmarks, not by a timed test: docs/measures.md.)
  const before = new Set(scripts.asked);
  await contact.click();
  await expect(heading(page)).toHaveText('Contact Us');
  expect([...scripts.asked].filter((url) => !before.has(url))).toEqual([]);
  expect(content).toHaveLength(1);
});
