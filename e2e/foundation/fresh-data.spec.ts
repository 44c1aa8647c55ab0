// A prerendered page is a copy: once the shell has taken it over, every data area on it asks the API again
// and shows what the API says now (stale-while-revalidate). Here the API's answers are changed in the
// browser after the pages were made (a price, an event gone, a new post, an empty list, a failure), as the
// business's data changes between two regenerations of the pages.
import type { Page, Route } from '@playwright/test';
import { seededCourses, upcomingEvents } from '../catalog/catalog-data';
import { APPLICATION_PAGE, patientExpect as expect, test } from '../support/fixtures';
import { isReportsScript } from '../support/islands';

/** A price as the site shows it (formatKes of @agri/ui). */
const formatKes = (amount: number) => `KES ${new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 }).format(amount)}`;

/** Answers the API's GET `path` with what `change` makes of the real answer (same headers, CORS included). */
async function changeAnswer(page: Page, url: string, change: (body: unknown) => unknown) {
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch({ headers: withoutValidator(route) });
    await route.fulfill({ response, json: change(await response.json()) });
  });
}

/** The request as the page sent it, without If-None-Match: the test wants the whole answer to change it. */
function withoutValidator(route: Route) {
  const { 'if-none-match': _validator, ...headers } = route.request().headers();
  return headers;
}

/** Collects the page's uncaught errors and the errors its code logs (not the browser's own line for a failed request). */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

test('after the take-over a course page shows the price the API has now, and a new booking would store it', async ({ page, request, site }) => {
  const [course] = await seededCourses(request, site.apiBaseUrl);
  const newPrice = course!.price + 1500;
  // The HTML the visitor gets first is the copy, with the old price.
  const html = await (await request.get(`${site.origin}/course/${course!._id}`)).text();
  expect(html).toContain(formatKes(course!.price));

  await changeAnswer(page, `${site.apiBaseUrl}course/${course!._id}`, (body) => ({ ...(body as object), price: newPrice }));
  await page.goto(`/course/${course!._id}`);
  const price = page.getByRole('complementary', { name: 'Course price and actions' });
  await expect(price).toContainText(formatKes(newPrice));
  await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
});

test('a course page taken over keeps its description as the page has it, without the sanitiser; a changed one comes through it', async ({
  page,
  request,
  site,
}) => {
  const [course] = await seededCourses(request, site.apiBaseUrl);
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const sanitiserCame = async () => (await Promise.all(scripts)).some((body) => body.includes('ALLOWED_TAGS'));
  const about = page.getByRole('region', { name: 'About Course' });
  const description = about.locator('[data-server-html]');
  const island = page.locator('[data-island="catalog/course"]');

  await page.goto(`/course/${course!._id}`);
  const shown = await description.innerHTML();
  // A focus in the island wakes it (a button that opens a dialog wakes it at its click, after the dialog).
  await page.getByRole('button', { name: 'Copy Course Link' }).focus();
  await expect(island).toHaveAttribute('data-island-state', 'ready');
  expect(await description.innerHTML()).toBe(shown);
  expect(await sanitiserCame()).toBe(false);

  await changeAnswer(page, `${site.apiBaseUrl}course/${course!._id}`, (body) => ({
    ...(body as object),
    description: '<p>New dates for <strong>2027</strong>.</p>',
  }));
  await page.reload();
  // Shown through the sanitiser (what it takes out of hostile HTML: foundation/xss.spec.ts).
  await expect(description).toContainText('New dates for 2027.');
  await expect(description.locator('strong')).toHaveText('2027');
  expect(await sanitiserCame()).toBe(true);
});

test('lists show the API’s current items in place: an event gone, a new post, a course renamed', async ({ page, request, site }) => {
  const events = await upcomingEvents(request, site.apiBaseUrl);
  const gone = events[0]!;
  await changeAnswer(page, `${site.apiBaseUrl}event`, (body) => {
    const { data } = body as { data: { _id: string }[] };
    return { ...(body as object), data: data.filter((event) => event._id !== gone._id) };
  });
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByRole('heading', { name: events[1]!.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: gone.title })).toHaveCount(0);

  const newPost = 'Aflatoxin testing in maize: what buyers now ask for';
  await changeAnswer(page, `${site.apiBaseUrl}blog`, (body) => {
    const [first, ...rest] = body as Record<string, unknown>[];
    return [{ ...first, _id: `${String(first!._id)}-new`, title: newPost, createdAt: new Date().toISOString() }, first, ...rest];
  });
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: newPost })).toBeVisible();

  const [course] = await seededCourses(request, site.apiBaseUrl);
  await changeAnswer(page, `${site.apiBaseUrl}course`, (body) =>
    (body as Record<string, unknown>[]).map((item) => (item._id === course!._id ? { ...item, title: 'HACCP Level 3 (new intake)' } : item)),
  );
  await page.goto('/courses');
  await expect(page.getByRole('rowheader', { name: 'HACCP Level 3 (new intake)' })).toBeVisible();
});

test('a new post wakes only the home page’s posts: the forums, whose events did not change, keep their page and load no code', async ({ page, site }) => {
  const newPost = 'Solar drying of mangoes for export';
  await changeAnswer(page, `${site.apiBaseUrl}blog`, (body) => {
    const posts = body as Record<string, unknown>[];
    // A post of the home page's large cards: another suite may have published one of a category the home page does not show.
    const shown = posts.find((post) => post.category === 'col-1')!;
    return [{ ...shown, _id: `${String(shown._id)}-new`, title: newPost, createdAt: new Date().toISOString() }, ...posts];
  });
  await page.goto('/');
  await expect(page.locator('[data-island="content/home-blog"]')).toHaveAttribute('data-island-state', 'ready');
  await expect(page.getByRole('heading', { name: newPost })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-island="catalog/upcoming-events"]')).not.toHaveAttribute('data-island-state');
});

test('where nothing changed, nothing moves: the page confirms its data with a 304, keeps its elements and loads no API transport', async ({ page, site }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // The scripts the page ran: confirming an answer must not bring axios onto a phone's first load (held-answers.ts).
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && !isReportsScript(response.request()) && response.ok()) scripts.push(response.text());
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The revalidation is held until the first row of the page's HTML is marked, then let through.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  const confirmed = page.waitForResponse((response) => response.url() === `${site.apiBaseUrl}course` && response.request().method() === 'GET');
  await page.route(`${site.apiBaseUrl}course`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await held;
    await route.continue();
  });
  await page.goto('/courses');
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await firstRow.evaluate((row) => row.setAttribute('data-seen-before-revalidation', ''));
  release();
  const answer = await confirmed;
  // The page asked with the ETag its copy was made with: the API answered that nothing changed.
  expect(answer.request().headers()['if-none-match']).toMatch(/^"/);
  expect(answer.status()).toBe(304);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-seen-before-revalidation]')).toHaveCount(1);
  const cls = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
  expect(cls).toBe(0);
  // /courses is a document with islands: an answer confirmed loads no code (axios least of all), only the visit's
  // reports.js.
  expect(await Promise.all(scripts)).toEqual([]);
});

test('when the API answers 500 or a malformed body after the take-over, the page keeps what it showed and raises nothing', async ({ page, request, site }) => {
  const errors = pageErrors(page);
  const [course] = await seededCourses(request, site.apiBaseUrl);
  const events = await upcomingEvents(request, site.apiBaseUrl);
  await page.route(`${site.apiBaseUrl}course`, (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal error' }, headers: { 'Access-Control-Allow-Origin': site.origin } }),
  );
  await page.route(`${site.apiBaseUrl}event`, (route) =>
    route.fulfill({ json: { data: 'not a list' }, headers: { 'Access-Control-Allow-Origin': site.origin } }),
  );

  const failed = page.waitForResponse(`${site.apiBaseUrl}course`);
  await page.goto('/courses');
  await failed;
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('rowheader', { name: course!.title })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const malformed = page.waitForResponse(`${site.apiBaseUrl}event`);
  await page.goto('/events');
  await malformed;
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: events[0]!.title })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The contract's reader reports the malformed answer once, as a warning; nothing is an error.
  expect(errors).toEqual([]);
});

test('when the API now has no events, /events and the home page say so', async ({ page, site }) => {
  await changeAnswer(page, `${site.apiBaseUrl}event`, (body) => ({ ...(body as object), data: [] }));
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'No upcoming events.' })).toBeVisible();

  await page.goto('/');
  const forums = page.getByRole('region', { name: 'Upcoming Forums' });
  await forums.scrollIntoViewIfNeeded();
  await expect(forums.getByText('No upcoming events.')).toBeVisible();
});

test('moving to a page whose data must be fetched shows its placeholders until the data arrives', async ({ page, site }) => {
  const release: (() => void)[] = [];
  for (const path of ['course', 'event', 'blog']) {
    await page.route(`${site.apiBaseUrl}${path}`, async (route) => {
      await new Promise<void>((done) => release.push(done));
      await route.continue();
    });
  }
  // From a page of the application (a public page is a document with islands: its links are full loads).
  await page.goto(APPLICATION_PAGE);
  const navigation = page.getByRole('navigation', { name: 'Main' });

  await navigation.getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByTestId('course-skeleton-row')).toHaveCount(10);
  release.splice(0).forEach((done) => done());
  await expect(page.getByTestId('course-skeleton-row')).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);

  await navigation.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByTestId('event-skeleton-card')).toHaveCount(4);
  release.splice(0).forEach((done) => done());
  await expect(page.getByTestId('event-skeleton-card')).toHaveCount(0);

  // No link of the frame leads to /blogs: the router is asked as a link inside a page would.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/blogs');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('blog-card-skeleton')).toHaveCount(4);
  release.splice(0).forEach((done) => done());
  await expect(page.getByTestId('blog-card-skeleton')).toHaveCount(0);
});

test('what a visitor typed and left before the form’s code is in counts after it: an invalid email shows its message', async ({ page }) => {
  // The page's code is held back: the visitor has only the prerendered HTML.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByLabel('Name').fill('Grace Muthoni');
  await form.getByLabel('Email').fill('grace@');
  await form.getByLabel('Mobile Number').click();
  await expect(form.locator('xpath=ancestor::*[@data-island][1]'), 'asked for at the first focus').toHaveAttribute('data-island-state', 'starting');
  release();
  await expect(form.getByText('Email should be valid.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('grace@');
  await expect(form.getByLabel('Name')).toHaveValue('Grace Muthoni');
  // The field still being typed in is checked when it is left, as usual.
  await expect(form.getByText('Mobile Number is Required.')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
});
