// A document with islands (docs/composition.md, "Islands"): a blog post is its prerendered HTML, and only the parts
// that act are hydrated, each when it is needed. What a visitor who touches nothing pays (no code at all), what a
// tap before the code is in does (it shows it heard, and is carried out once), what a changed answer does (the
// part that shows it is hydrated and shows the new data), and what a remote that is down costs (its island only).
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { seededCourses, upcomingEvents } from '../catalog/catalog-data';
import { seededPosts, signInThroughApi, toast } from '../content/content-support';
import { patientExpect as expect, test, uniqueEmail } from '../support/fixtures';
import { fillByLabel } from '../support/forms';
import { holdScripts, isReportsScript, scriptsOf } from '../support/islands';

async function firstPost(request: Parameters<typeof seededPosts>[0], apiBaseUrl: string) {
  const [post] = await seededPosts(request, apiBaseUrl);
  return post!;
}

test('a blog post nobody touches runs no code of the site but its reports, and its API answers are confirmed with a 304', async ({ page, request, site }) => {
  const post = await firstPost(request, site.apiBaseUrl);
  const scripts = scriptsOf(page);
  const reportsScript = page.waitForRequest(isReportsScript);
  const { session, reports } = await countedVisit(page, site.apiBaseUrl);
  const confirmed = page.waitForResponse((response) => response.url() === `${site.apiBaseUrl}blog/${post._id}` && response.status() === 304);
  await page.goto(`/blog/${post._id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await confirmed;
  await page.waitForLoadState('networkidle');
  expect(scripts.map((script) => script.url())).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'islands');
  // The visit is counted all the same (the releases' health, canaries): a session for what the channel serves, then
  // the page's view and its vitals (TTFB at once; LCP, CLS and INP once known, at the latest as the visitor leaves).
  expect(new URL((await reportsScript).url()).origin).toBe(site.origin);
  expect(await session).toEqual({ channel: 'production', releases: { shell: 'shell-7', content: 'content-3' } });
  const sent = await reports;
  expect(sent.filter((report) => report.kind === 'page-view').map((report) => report.path)).toEqual([`/blog/${post._id}`]);
  expect(sent.filter((report) => report.kind === 'vital').map((report) => report.name)).toContain('TTFB');
});

type SentReport = { kind: string; path: string; name?: string };

/**
 * What a visit reports, on a channel's config.json (the harness's names no releases): the session it asks for (the
 * harness's API, which checks the delivery's grant, would refuse it: here it is started) and the reports it sends,
 * until the page view and the vitals are in.
 */
function countedVisit(page: Page, apiBaseUrl: string) {
  const cors = { 'Access-Control-Allow-Origin': '*' };
  let askedFor!: (request: unknown) => void;
  const session = new Promise<unknown>((resolve) => (askedFor = resolve));
  const sent: SentReport[] = [];
  let allIn!: (reports: SentReport[]) => void;
  const reports = new Promise<SentReport[]>((resolve) => (allIn = resolve));
  return Promise.all([
    page.route('**/config.json', async (route) => {
      const config = await (await route.fetch()).json();
      config.remotes.content.version = 'content-3';
      await route.fulfill({ json: { ...config, channel: 'production', shell: { version: 'shell-7' } } });
    }),
    page.route(`${apiBaseUrl}reports/session`, async (route) => {
      askedFor(route.request().postDataJSON());
      await route.fulfill({ headers: cors, json: { session: 'a1b2c3d4e5f6a7b8c9d0' } });
    }),
    page.route(`${apiBaseUrl}reports`, async (route) => {
      sent.push(...(route.request().postDataJSON() as { reports: SentReport[] }).reports);
      if (sent.some((report) => report.kind === 'page-view') && sent.some((report) => report.name === 'TTFB')) allIn(sent);
      await route.fulfill({ status: 204, headers: cors });
    }),
  ]).then(() => ({ session, reports }));
}

test('a tap on Menu before the code is in opens the menu at once, from the page alone; the header takes it over as it is', async ({ page, request, site }) => {
  const post = await firstPost(request, site.apiBaseUrl);
  const release = await holdScripts(page);
  await page.goto(`/blog/${post._id}`);
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menuButton.click();
  // Open, modal, its first link focused, before any of the site's code has come.
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'About Us' })).toBeFocused();
  await expect(menuButton).not.toHaveAttribute('aria-busy');
  await expect(page.locator('[data-island="shell/header"]')).toHaveAttribute('data-island-state', 'starting');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await expect(menu).toBeVisible();
  release();
  await expect(page.locator('[data-island="shell/header"]')).toHaveAttribute('data-island-state', 'ready');
  // Taken over open: it says so, and closes as a menu does.
  await expect(menu).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
});

for (const { control, dialog, send, received, sentTo, pathOf } of [
  {
    control: 'Book Event',
    dialog: 'Book this event',
    send: 'Confirm Booking',
    received: 'Your booking has been received!',
    sentTo: '/booking/',
    pathOf: async (request: APIRequestContext, api: string) => `/event/${(await upcomingEvents(request, api))[0]!._id}`,
  },
  {
    control: 'Request Call',
    dialog: 'Request a call',
    send: 'Request Call',
    received: 'Your Call Request has been received!',
    sentTo: '/course-request/',
    pathOf: async (request: APIRequestContext, api: string) => `/course/${(await seededCourses(request, api))[0]!._id}`,
  },
]) {
  test(`a tap on ${control} before the page's code is in opens its form at once, from the page; sent early, it goes once, when the code is in`, async ({
    page,
    request,
    site,
  }) => {
    const path = await pathOf(request, site.apiBaseUrl);
    const release = await holdScripts(page);
    const sent: Request[] = [];
    page.on('request', (made) => {
      if (made.method() === 'POST' && new URL(made.url()).pathname.endsWith(sentTo)) sent.push(made);
    });
    await page.goto(path);
    await page.getByRole('button', { name: control, exact: true }).click();
    const form = page.getByRole('dialog', { name: dialog });
    await expect(form).toBeVisible();
    await fillByLabel(form, { 'Full name': 'Wanjiru Kamau', Email: uniqueEmail('island-dialog'), 'Phone number': '0722 000 111' });
    const submit = form.getByRole('button', { name: send });
    await submit.click();
    await expect(form.getByRole('button', { name: 'Processing...' })).toHaveAttribute('aria-busy', 'true');
    expect(sent).toHaveLength(0);
    release();
    await expect(form.getByRole('heading', { name: received })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(sent).toHaveLength(1);
  });
}

test('a tap on the introduction video before the page’s code is in is answered at once, and opens its dialog once', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/about');
  const button = page.getByRole('button', { name: 'Play our introduction video' });
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('dialog', { name: 'Introduction to Mavuno Agri-Food Consultants' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('an email typed and sent before the newsletter’s code is in is kept and sent once', async ({ page, request, site }) => {
  const post = await firstPost(request, site.apiBaseUrl);
  const release = await holdScripts(page);
  const subscriptions: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/subscribe/newsletter')) subscriptions.push(sent);
  });
  await page.goto(`/blog/${post._id}`);
  const form = page.getByRole('form', { name: 'Subscribe to Our Newsletter' });
  await form.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('island'));
  const subscribe = form.getByRole('button', { name: 'Subscribe' });
  await subscribe.click();
  await expect(subscribe).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(toast(page, 'Thank you for subscribing to our newsletter!')).toBeVisible();
  await expect(form.getByText('Thank you for subscribing to our newsletter!')).toBeVisible();
  expect(subscriptions).toHaveLength(1);
});

test('a message typed and sent on the contact page before its code is in is kept and sent once', async ({ page }) => {
  const release = await holdScripts(page);
  const enquiries: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/enquiry')) enquiries.push(sent);
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Wanjiru Kamau');
  await form.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('island-enquiry'));
  await form.getByRole('textbox', { name: 'Mobile Number' }).fill('0712345678');
  await form.getByRole('textbox', { name: 'Comments' }).fill('In-house HACCP training for 12 staff, please.');
  const submit = form.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  expect(enquiries).toHaveLength(0);
  release();
  await expect(toast(page, 'Contact Form Submitted Successfully')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  expect(enquiries).toHaveLength(1);
  expect(enquiries[0]!.postDataJSON()).toMatchObject({ name: 'Wanjiru Kamau', comment: 'In-house HACCP training for 12 staff, please.' });
});

test('a customer signed in shows in the header of a blog post before any code: My Account and the cart count', async ({
  page,
  request,
  site,
  registerCustomer,
}) => {
  const post = await firstPost(request, site.apiBaseUrl);
  await signInThroughApi(page, request, site.apiBaseUrl, registerCustomer);
  await page.addInitScript(() => localStorage.setItem('cart-count', '2'));
  const scripts = scriptsOf(page);
  await page.goto(`/blog/${post._id}`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log In' })).toBeHidden();
  expect(scripts).toHaveLength(0);
  // Once the header is in, it is the same session: the menu offers the account's pages.
  await header.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a post changed since the page was made: its part of the page is hydrated and shows the change in place', async ({ page, request, site }) => {
  const post = await firstPost(request, site.apiBaseUrl);
  const newTitle = `${post.title} (updated)`;
  await page.route(`${site.apiBaseUrl}blog/${post._id}`, async (route) => {
    const { 'if-none-match': _validator, ...headers } = route.request().headers();
    const response = await route.fetch({ headers });
    await route.fulfill({ response, json: { ...((await response.json()) as object), title: newTitle } });
  });
  await page.goto(`/blog/${post._id}`);
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(newTitle);
  // The header was not asked for: it is still the document's.
  await expect(page.locator('[data-island="shell/header"]')).not.toHaveAttribute('data-island-state');
});

test('an event that has ended since /events was made drops off when the page is opened, though no answer changed', async ({ page, request, site }) => {
  const events = await upcomingEvents(request, site.apiBaseUrl);
  const [firstToEnd] = [...events].sort((a, b) => a.endDate.localeCompare(b.endDate));
  const later = events.filter((event) => event.endDate > firstToEnd!.endDate);
  expect(later, 'the seed has events that end on other days').not.toHaveLength(0);
  // The visitor opens the page the morning after its last day, in Kenya.
  await page.clock.setFixedTime(new Date(`${firstToEnd!.endDate.slice(0, 10)}T08:00:00+03:00`).getTime() + 86_400_000);
  await page.goto('/events');
  const list = page.getByRole('main');
  await expect(list.getByRole('heading', { name: firstToEnd!.title })).toHaveCount(0);
  await expect(list.getByRole('heading', { name: later[0]!.title })).toBeVisible();
  await expect(page.locator('[data-island="catalog/events"]')).toHaveAttribute('data-island-state', 'ready');
});

test('/events opened before any of its events ended runs no code', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.map((script) => script.url())).toEqual([]);
});

test('the content remote down: the post still reads, its part says it is unavailable when needed, the header works', async ({ page, request, site }) => {
  const post = await firstPost(request, site.apiBaseUrl);
  await page.route(`${site.remoteOrigin('content')}/**`, (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.route(`${site.apiBaseUrl}blog/${post._id}`, async (route) => {
    const { 'if-none-match': _validator, ...headers } = route.request().headers();
    const response = await route.fetch({ headers });
    await route.fulfill({ response, json: { ...((await response.json()) as object), title: `${post.title} (updated)` } });
  });
  await page.goto(`/blog/${post._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toContainText('This section is temporarily unavailable.');
  await expect(main.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The remote is back: Retry shows the post as the API has it now.
  await page.unroute(`${site.remoteOrigin('content')}/**`);
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('heading', { level: 1, name: `${post.title} (updated)` })).toBeVisible();
  await expect(main.getByRole('alert')).toHaveCount(0);
});

test('the shell’s code came but could not start: the tap is let go, its part says so, and Reload is offered', async ({ page, request, site }) => {
  const post = await firstPost(request, site.apiBaseUrl);
  // The shell's entry comes; the chunks it loads next do not (a link that dropped half-way).
  await page.route(
    (url) => url.origin === site.origin && /^\/\d+\.[0-9a-f]+\.js$/.test(url.pathname),
    (route) => route.fulfill({ status: 503, body: 'down' }),
  );
  await page.goto(`/blog/${post._id}`);
  // A tap the page holds for its island's code (the menu needs none: it opens from the page).
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await subscribe.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The site could not load.' }).getByRole('button', { name: 'Reload' })).toBeVisible();
  const newsletter = page.locator('[data-island="shell/newsletter"]');
  await expect(newsletter.getByRole('alert')).toHaveText('This section is temporarily unavailable. ');
  await expect(subscribe).not.toHaveAttribute('aria-busy');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: post.title })).toBeVisible();
});

test('a path that is not a page gets the not-found document with 404: no code until the menu is tapped, which then opens', async ({ page, request, site }) => {
  const answer = await request.get(`${site.origin}/an/old/link`);
  expect(answer.status()).toBe(404);
  expect(answer.headers()['x-robots-tag']).toBe('noindex');
  expect(await answer.text()).toContain('data-island=');
  const scripts = scriptsOf(page);
  await page.goto('/an/old/link');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await page.waitForLoadState('networkidle');
  expect(scripts.map((script) => script.url())).toEqual([]);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Courses' })).toBeVisible();
  // An item not found is its owner's to say, in its own words.
  expect((await request.get(`${site.origin}/course/no-such-course`)).status()).toBe(404);
  await page.goto('/course/no-such-course');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
});

test('with JavaScript off every document with islands reads, and its links lead on', async ({ browser, site }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.origin });
  const page = await context.newPage();
  try {
    for (const [path, heading] of [
      ['/', 'Expert Agri-Food Training & Consultancy Solutions'],
      ['/about', 'About Us'],
      ['/faqs', 'Frequently Asked Questions'],
      ['/contact', 'Contact Us'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/term-conditions', 'Terms and Conditions'],
      ['/courses', 'Our Courses'],
      ['/blogs', 'Our Blog'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      const response = await page.goto(path);
      expect(await response!.text(), `${path} is a document with islands`).toContain('data-island=');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // A question's answer opens without code (a native disclosure); the footer's links lead on.
    await page.goto('/faqs');
    await page.getByText('Are prices inclusive of VAT?').click();
    await expect(page.getByText('All prices are in Kenya Shillings and include VAT at 16%.')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('with JavaScript off a blog post reads whole and its links lead on', async ({ browser, request, site }) => {
  const posts = await seededPosts(request, site.apiBaseUrl);
  // A context of its own: the suites' page waits for the site's code, which never runs here.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.origin });
  const page = await context.newPage();
  try {
    await page.goto(`/blog/${posts[0]!._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: posts[0]!.title })).toBeVisible();
    const related = main.getByRole('complementary', { name: 'Related Posts' });
    const next = (await related.getByRole('heading', { level: 3 }).first().textContent())!;
    await related
      .getByRole('link', { name: /^Read More/ })
      .first()
      .click();
    await expect(main.getByRole('heading', { level: 1, name: next })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Courses', exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
  } finally {
    await context.close();
  }
});

/** The documents the browser fetched ahead (speculation rules), as it reports them: ready to be shown. */
async function prefetchedBy(page: Page): Promise<string[]> {
  const ready: string[] = [];
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Preload.enable');
  devtools.on('Preload.prefetchStatusUpdated', ({ prefetchUrl, status }) => {
    if (status === 'Ready') ready.push(new URL(prefetchUrl).pathname);
  });
  return ready;
}

test('moving between public pages: the next document is fetched as the visitor points at its link, and opts into a cross-fade', async ({ page }) => {
  const prefetched = await prefetchedBy(page);
  await page.goto('/about');
  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
  await contact.hover();
  await expect.poll(() => prefetched).toEqual(['/contact']);
  await contact.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  // Whether the browser shows the transition is its to decide (it skips one that takes too long, as on a busy
  // machine): what the site owns is that its pages ask for it, where the visitor's motion preference allows.
  const optedIn = () =>
    page.evaluate(() => {
      const active = (rules: CSSRuleList): CSSRule[] =>
        [...rules].flatMap((rule) => (rule instanceof CSSMediaRule ? (matchMedia(rule.media.mediaText).matches ? active(rule.cssRules) : []) : [rule]));
      // A remote's sheet comes from its own origin: its rules cannot be read, and the shell's sheet holds this one.
      const readable = (sheet: CSSStyleSheet) => {
        try {
          return sheet.cssRules;
        } catch {
          return null;
        }
      };
      return [...document.styleSheets]
        .flatMap((sheet) => {
          const rules = readable(sheet);
          return rules ? active(rules) : [];
        })
        .some((rule) => rule.constructor.name === 'CSSViewTransitionRule' && (rule as CSSRule & { navigation: string }).navigation === 'auto');
    });
  // Polled: the heading has a box as soon as the page is laid out, which a script can ask for before its style
  // sheets are in (a sheet still loading is not in document.styleSheets yet).
  await expect.poll(optedIn).toBe(true);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(optedIn).toBe(false);
});

test('on Save-Data no speculation rules are added: nothing is fetched ahead of a click', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true }));
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-save-data', '');
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'islands');
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
});
