// The budgets of a fast public site, for every public route: its first answer holds its content and head
// tags, the shell takes it over as it is, its first-load JavaScript stays within budget, and nothing
// shifts as it loads (README, "Measures"; `npm run bench:web` has the Lighthouse figures).
import type { APIRequestContext } from '@playwright/test';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_KB, ISLAND_LOADER_BUDGET_BYTES, SHELL_ISLAND_CODE_BUDGET_KB, measureFirstLoadJs } from '../../tooling/bench/first-load.mjs';
import { seededCourses } from '../catalog/catalog-data';
import { signInThroughApi } from '../content/content-support';
import { expect, test } from '../support/fixtures';

const { blogListSchema, eventListResponseSchema } = createRequire(import.meta.url)('@agri/api-client') as typeof import('@agri/api-client');

/** Every public route, the detail pages by one seeded course, event and article, with the title each has. */
async function publicPages(request: APIRequestContext, apiBaseUrl: string) {
  const [course] = await seededCourses(request, apiBaseUrl);
  const { data: events } = eventListResponseSchema.parse(await (await request.get(`${apiBaseUrl}event`)).json());
  const [post] = blogListSchema.parse(await (await request.get(`${apiBaseUrl}blog`)).json());
  const site = 'Mavuno Agri-Food Consultants';
  return [
    { path: '/', title: `${site} | Agri-Food Training & Consultancy in Kenya` },
    { path: '/about', title: `About Us | ${site}` },
    { path: '/courses', title: `Courses | ${site}` },
    { path: `/course/${course!._id}`, title: `${course!.title} | ${site}` },
    { path: '/events', title: `Upcoming Events | ${site}` },
    { path: `/event/${events[0]!._id}`, title: `${events[0]!.title} | ${site}` },
    { path: '/blogs', title: `Blog | ${site}` },
    { path: `/blog/${post!._id}`, title: `${post!.title} | ${site}` },
    { path: '/faqs', title: `FAQ | ${site}` },
    { path: '/contact', title: `Contact Us | ${site}` },
    { path: '/privacy-policy', title: `Privacy Policy | ${site}` },
    { path: '/term-conditions', title: `Terms and Conditions | ${site}` },
    { path: '/login', title: `Log In | ${site}` },
    { path: '/register', title: `Create an Account | ${site}` },
    { path: '/forgot-password', title: `Forgot Password | ${site}` },
  ];
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(x27|39);/g, "'"); // React writes the one, escape-html (the head's tags) the other

test('the island loader every page carries inline stays within its budget', async ({ request, site }) => {
  const html = await (await request.get(`${site.origin}/`)).text();
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(inline, 'one inline script: the loader').toHaveLength(1);
  const bytes = gzipSync(inline[0]!).length;
  console.log(`Island loader: ${bytes} B gzip (budget ${ISLAND_LOADER_BUDGET_BYTES} B)`);
  expect(bytes).toBeLessThanOrEqual(ISLAND_LOADER_BUDGET_BYTES);
});

test('a tap on one of the shell’s own islands fetches the shell’s code alone, within its budget, on every page', async ({ request, site }) => {
  /** A script's size as a server sends it (gzip), fetched once. */
  const sizes = new Map<string, Promise<number>>();
  const gzipBytes = (url: string) => {
    if (!sizes.has(url))
      sizes.set(
        url,
        request.get(new URL(url, site.origin).href).then(async (answer) => gzipSync(await answer.body()).length),
      );
    return sizes.get(url)!;
  };
  for (const { path } of await publicPages(request, site.apiBaseUrl)) {
    const html = await (await request.get(`${site.origin}${path}`)).text();
    const code = JSON.parse(/<script type="application\/json" id="page-code">([^<]*)/.exec(html)?.[1] ?? '{}') as {
      entry: string;
      preloads: Record<string, string[]>;
    };
    const bytes = await Promise.all([code.entry, ...(code.preloads.shell ?? [])].map(gzipBytes));
    const totalKb = bytes.reduce((sum, size) => sum + size, 0) / 1024;
    console.log(`The shell's island code on ${path}: ${totalKb.toFixed(1)} KB gzip (budget ${SHELL_ISLAND_CODE_BUDGET_KB} KB)`);
    expect(totalKb, `the shell's island code on ${path}`).toBeLessThanOrEqual(SHELL_ISLAND_CODE_BUDGET_KB);
  }
});

test('every public route is served as HTML that holds its heading, title, description and canonical link', async ({ request, site }) => {
  for (const { path, title } of await publicPages(request, site.apiBaseUrl)) {
    // As a crawler or a browser without JavaScript gets it.
    const html = await (await request.get(`${site.origin}${path}`)).text();
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''), `${path}: title`).toBe(title);
    expect(html, `${path}: a heading in the HTML`).toMatch(/<h1[^>]*>[^<]+/);
    expect(html, `${path}: description`).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(html, `${path}: canonical`).toContain(`<link rel="canonical" href="${site.origin}${path}">`);
    // Its code, by the owner whose islands need it (fetched when one of the owner's islands is asked for): each
    // script once; in the shell's list the shell's own code alone (what every island needs), in a remote's what its
    // islands need besides (its own, a shared library, another remote's fragment); never the next pages' that the
    // shell fetches ahead.
    const { preloads } = JSON.parse(/<script type="application\/json" id="page-code">([^<]*)/.exec(html)?.[1] ?? '{}') as {
      preloads: Record<string, string[]>;
    };
    const listed = Object.values(preloads).flat();
    expect(new Set(listed).size, `${path}: each script listed once`).toBe(listed.length);
    const shellTakes = [...new Set((preloads.shell ?? []).map((url) => appOf(url, site.origin)))];
    expect(shellTakes, `${path}: the shell's list holds the shell's code alone`).toEqual(['shell']);
    const owners = new Set([...html.matchAll(/data-island="([a-z-]+)\//g)].map(([, owner]) => owner));
    for (const owner of Object.keys(preloads)) expect(owner === 'shell' || owners.has(owner), `${path}: ${owner} has an island on the page`).toBe(true);
  }
});

/** The app a file of the site belongs to: a remote served from its own origin, or a release's folder (a channel), else the shell. */
function appOf(url: string, siteOrigin: string): string {
  const { origin, pathname } = new URL(url, siteOrigin);
  if (origin !== siteOrigin) return origin;
  return /^\/releases\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell';
}

test('the pages of what is personal are rendered in the browser, with their own title', async ({ page, request, site, registerCustomer }) => {
  const html = await (await request.get(`${site.origin}/cart`)).text();
  expect(html, '/cart is not prerendered').not.toContain('id="prerendered-page"');
  // Signed in: a visitor who is not is sent on to the log-in document, whose title would win the race.
  await signInThroughApi(page, request, site.apiBaseUrl, registerCustomer);
  await page.goto('/cart');
  await expect(page).toHaveTitle('Cart | Mavuno Agri-Food Consultants');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
});

test('every public route is a document with islands, whose first-load JavaScript stays within budget', async ({ page, request, site }, testInfo) => {
  test.setTimeout(120_000);
  const renderedAfresh: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('rendered afresh')) renderedAfresh.push(`${page.url()}: ${message.text()}`);
  });
  // With the not-found page, which any path that is not a page gets.
  for (const { path } of [...(await publicPages(request, site.apiBaseUrl)), { path: '/no-such-page' }]) {
    const { files, totalKb, islands } = await measureFirstLoadJs(page, path);
    testInfo.annotations.push({ type: `first-load JS of ${path}`, description: `${totalKb.toFixed(1)} KB gzip, ${files.length} files` });
    console.log(`First-load JS of ${path}: ${totalKb.toFixed(1)} KB gzip in ${files.length} files (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
    expect(islands, `${path} is a document with islands`).toBe(true);
    expect(totalKb, `first-load JS of ${path}`).toBeLessThan(FIRST_LOAD_BUDGET_KB);
  }
  // A page that could not be taken over as it was made was thrown away and drawn again: never acceptable.
  expect(renderedAfresh).toEqual([]);
});

// Cumulative layout shift as a page loads on a phone-sized screen. Before, the footer sat under a short
// loading placeholder and jumped when the page arrived: 0.46 on most routes.
const CLS_BUDGET = 0.1;
test(`no public route, nor the cart, shifts its layout as it loads (CLS under ${CLS_BUDGET})`, async ({ page, request, site }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const path of [...(await publicPages(request, site.apiBaseUrl)).map((route) => route.path), '/cart']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The page's own data (lists, images) may arrive after its heading: wait until nothing is loading.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
    expect(cls, `CLS of ${path}`).toBeLessThan(CLS_BUDGET);
  }
});
