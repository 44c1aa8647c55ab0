// The next page, ready before the click (issue 27): the code of a public page's remote loads as the visitor
// points at its link (never every link at once), and the page is taken over within 300 ms of the click; with
// Save-Data, nothing is fetched ahead and no decorative picture beyond the first is asked for.
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

test('pointing at a link to another remote’s page loads its code; the page is then taken over within 300 ms of the click', async ({ page, site }) => {
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

  // Timed in the page: from the click to the new page's heading on screen.
  await page.evaluate(() => {
    const times = { click: 0, shown: 0 };
    Object.assign(window, { __nextPage: times });
    document.addEventListener('click', () => (times.click = performance.now()), { capture: true, once: true });
    new MutationObserver((_changes, observer) => {
      if (document.querySelector('h1')?.textContent === 'Contact Us') {
        times.shown = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await contact.click();
  await expect(heading(page)).toHaveText('Contact Us');
  const { click, shown } = await page.evaluate(() => (window as unknown as { __nextPage: { click: number; shown: number } }).__nextPage);
  expect(shown - click).toBeLessThan(300);
  expect(content).toHaveLength(1);
});

test('with Save-Data nothing is fetched ahead, and no decorative picture beyond the first is asked for', async ({ page, site }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  const content = entriesOf(page, site.remoteOrigin('content'));
  await page.goto('/courses');
  await expect(heading(page)).toHaveText('Our Courses');
  // As the first test does, where it loads the content remote ahead.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).hover();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(content).toEqual([]);

  const heroPictures: string[] = [];
  page.on('request', (request) => {
    if (/hero-[a-z-]+\.[0-9a-f]+\.svg$/.test(request.url())) heroPictures.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(heading(page)).toHaveText('Expert Agri-Food Training & Consultancy Solutions');
  await page.waitForLoadState('networkidle');
  expect(heroPictures).toHaveLength(1);
  await expect(page.locator('.hero__slides img')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /background slideshow/ })).toHaveCount(0);
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
