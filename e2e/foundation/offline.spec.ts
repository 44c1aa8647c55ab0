// A phone that loses its connection (issue 27): the service worker keeps the public pages the visitor read and
// the code they ran, and serves them offline with a notice; a page never read shows the offline page; nothing
// of an account, no API answer and no preview is kept; the next online load follows what is live.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { fillByLabel } from '../support/forms';
import { islandOf } from '../support/islands';

test.use({ serviceWorkers: 'allow' });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });

/** What the site's caches hold, by cache: the path (or URL, off the site) of every entry. */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      contents[name] = keys.map((request) => (new URL(request.url).origin === location.origin ? new URL(request.url).pathname : request.url));
    }
    return contents;
  });
}

const keptPages = async (page: Page) => (await cacheContents(page))['agri-pages-v1'] ?? [];

/** Reads /courses, then a course reached from it by its link, as a visitor would, until both are kept. */
async function readCoursesAndACourse(page: Page) {
  await page.goto('/courses');
  await expect(heading(page)).toHaveText('Our Courses');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.locator('main a[href^="/course/"]').first().click();
  await expect(heading(page)).not.toHaveText('Our Courses');
  const course = { path: new URL(page.url()).pathname, title: (await heading(page).textContent())! };
  await expect.poll(() => keptPages(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(['/courses', course.path]));
  return course;
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

test('the course list and a course read online open offline with a notice; a page never read shows the offline page', async ({ page, context }) => {
  const course = await readCoursesAndACourse(page);
  await goOffline(context);

  await page.goto('/courses');
  await expect(heading(page)).toHaveText('Our Courses');
  await expect(offlineNotice(page)).toBeVisible();
  await expect(page.locator('main a[href^="/course/"]').first()).toBeVisible();

  await page.goto(course.path);
  await expect(heading(page)).toHaveText(course.title);
  await expect(offlineNotice(page)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toHaveCount(0);

  await page.goto('/events');
  await expect(heading(page)).toHaveText('You are offline');
  const available = page.getByRole('list').getByRole('link');
  await expect(available.filter({ hasText: /Courses/ })).toHaveAttribute('href', '/courses');
  await expect(available.filter({ hasText: course.title })).toHaveAttribute('href', course.path);
  await page.screenshot({ path: test.info().outputPath('offline-page.png') });

  // Back online: the page comes from the network again, and the notice goes.
  await context.setOffline(false);
  await page.goto('/events');
  await expect(heading(page)).not.toHaveText('You are offline');
  await expect(offlineNotice(page)).toHaveCount(0);
});

/** The enquiries the API took from now on, as they were sent. */
function enquiriesArriving(page: Page): string[] {
  const arrived: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/enquiry') && response.request().method() === 'POST' && response.ok()) arrived.push(response.request().postData()!);
  });
  return arrived;
}

test('an enquiry sent offline is kept on the phone, said so, and arrives once when the connection returns', async ({ page, context }) => {
  await page.goto('/contact');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const arrived = enquiriesArriving(page);
  const form = page.locator('form.contact-form');
  // The visitor started on the form online: its code is in.
  await islandOf(form);
  await goOffline(context);
  await form.getByLabel('Name').fill('Wanjiku Kamau');
  await form.getByLabel('Email').fill('wanjiku.kamau@example.co.ke');
  await form.getByLabel('Mobile Number').fill('722000333');
  await form.getByLabel('Comments').fill('HACCP training for 12 staff in Nakuru, sent from the road.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText('You are offline. Your enquiry is kept on this phone and will be sent as soon as you are back online.');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('enquiry-kept.png') });
  expect(arrived).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('Your enquiry, kept while you were offline, has been sent.')).toBeVisible();
  await expect.poll(() => arrived.length).toBe(1);
  expect(JSON.parse(arrived[0]!)).toMatchObject({ name: 'Wanjiku Kamau', email: 'wanjiku.kamau@example.co.ke' });
  // Never twice: another load of the site sends nothing more.
  await page.reload();
  await expect(heading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(arrived).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('agri:outbox'))).toBeNull();
});

test('kept offline, an enquiry is sent from the next page read online, though that page runs no code of its own', async ({ page, context }) => {
  await page.goto('/contact');
  const form = page.locator('form.contact-form');
  await islandOf(form);
  await goOffline(context);
  await fillByLabel(form, { Name: 'Achieng Otieno', Email: 'achieng@example.co.ke', 'Mobile Number': '722000444', Comments: 'Kept, then the tab closed.' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toContainText('Your enquiry is kept on this phone');
  await page.close();

  await context.setOffline(false);
  const next = await context.newPage();
  const arrived = enquiriesArriving(next);
  await next.goto('/faqs');
  await expect(next.getByText('Your enquiry, kept while you were offline, has been sent.')).toBeVisible();
  expect(arrived.map((body) => JSON.parse(body) as { name: string })).toEqual([expect.objectContaining({ name: 'Achieng Otieno' })]);
});

test('offline before the form’s code came: what was typed stays, the form says so, and comes when the connection returns', async ({ page, context }) => {
  await page.goto('/contact');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const arrived = enquiriesArriving(page);
  await goOffline(context);
  const form = page.locator('form.contact-form');
  await fillByLabel(form, { Name: 'Njeri Waweru', Email: 'njeri@example.co.ke', 'Mobile Number': '722000555', Comments: 'Typed on the road.' });
  const island = page.locator('[data-island="content/contact-form"]');
  await expect(island.getByRole('alert')).toContainText('This section is temporarily unavailable.');
  await expect(form.getByLabel('Comments')).toHaveValue('Typed on the road.');

  await context.setOffline(false);
  await expect(island).toHaveAttribute('data-island-state', 'ready');
  await expect(island.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('Njeri Waweru');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.Toastify').getByText('Contact Form Submitted Successfully')).toBeVisible();
  expect(arrived).toHaveLength(1);
});

test('account pages, API answers and personal data are never kept: Cache Storage holds public pages and code only', async ({
  page,
  registerCustomer,
  site,
}) => {
  // A registration, a sign-in and five pages before the cache is read: 46 s seen on a loaded machine.
  test.setTimeout(90_000);
  const { email, password, mobile } = await registerCustomer({ firstname: 'Akinyi', lastname: 'Odhiambo', mobile: '722000444' });
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of ['/my-profile', '/cart', '/my-orders', '/address']) {
    await page.goto(path);
    await expect(
      heading(page)
        .or(page.getByRole('heading', { level: 2 }))
        .first(),
    ).toBeVisible();
  }
  await page.goto('/courses');
  await expect(heading(page)).toHaveText('Our Courses');
  await expect.poll(() => keptPages(page), { timeout: 20_000 }).toContain('/courses');

  const contents = await cacheContents(page);
  const everything = Object.values(contents).flat();
  expect(Object.keys(contents).sort()).toEqual(['agri-code-v1', 'agri-offline-v1', 'agri-pages-v1']);
  // The log-in page is a public document with nothing personal in it (made signed out): it may be kept too.
  expect(contents['agri-pages-v1']!.filter((path) => path !== '/login')).toEqual(['/courses']);
  expect(everything.filter((entry) => entry.startsWith(new URL(site.apiBaseUrl).origin))).toEqual([]);
  for (const entry of contents['agri-code-v1']!) expect(entry).toMatch(/\.(js|css|svg|png|jpe?g|webp|avif|woff2?)$/);
  // No answer of the API and nothing of the customer in any body kept.
  const bodies = await page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push(await (await cache.match(request))!.text());
    }
    return texts.join('\n');
  });
  const { token } = JSON.parse((await page.evaluate(() => localStorage.getItem('customer')))!) as { token: string };
  for (const secret of [email, mobile, 'Akinyi', token]) expect(bodies).not.toContain(secret);
});

test('a page kept for offline reading shows what the API says now once online again', async ({ page, context, site }) => {
  await page.goto('/courses');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => keptPages(page), { timeout: 20_000 }).toContain('/courses');
  // The business renames a course after the page was kept.
  await context.route(
    (url) => url.href === `${site.apiBaseUrl}course`,
    async (route) => {
      const { 'if-none-match': _validator, ...headers } = route.request().headers();
      const response = await route.fetch({ headers });
      const courses = (await response.json()) as { title: string }[];
      courses[0]!.title = 'Renamed after the page was kept';
      await route.fulfill({ response, json: courses });
    },
  );
  await page.reload();
  await expect(page.getByText('Renamed after the page was kept').first()).toBeVisible({ timeout: 20_000 });
});
