// What search engines and chat apps find in the served HTML (JavaScript off): structured data that matches
// the page, share cards, a sitemap of exactly the public pages, robots rules, and a 404 for a page that is not.
import { createRequire } from 'node:module';
import type { APIRequestContext } from '@playwright/test';
import { seededCourses, upcomingEvents } from '../catalog/catalog-data';
import { expect, test } from '../support/fixtures';

const { blogListSchema, eventListResponseSchema } = createRequire(import.meta.url)('@agri/api-client') as typeof import('@agri/api-client');

type Thing = Record<string, unknown>;

/** The page as a crawler gets it, and the JSON-LD it carries. */
async function crawl(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  const html = await response.text();
  const structuredData = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(([, json]) => JSON.parse(json!) as Thing);
  const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
  return { response, html, structuredData, meta };
}

const decode = (text: string | undefined) =>
  text
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

test('a course page tells search engines the course, its provider and its price, and a shared link shows its card', async ({ request, site }) => {
  const [course] = await seededCourses(request, site.apiBaseUrl);
  const { structuredData, meta } = await crawl(request, `${site.origin}/course/${course!._id}`);
  const data = structuredData.find((thing) => thing['@type'] === 'Course')!;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    name: course!.title,
    url: `${site.origin}/course/${course!._id}`,
    provider: { '@type': 'Organization', name: 'Mavuno Agri-Food Consultants' },
    offers: [{ price: course!.price, priceCurrency: 'KES', category: 'Paid' }],
  });
  expect(String(data.description).length).toBeGreaterThan(20);
  expect(decode(meta('og:title'))).toBe(`${course!.title} | Mavuno Agri-Food Consultants`);
  expect(meta('og:image')).toBe(`${site.origin}/share-card.png`);
  expect(meta('og:url')).toBe(`${site.origin}/course/${course!._id}`);
  expect(meta('og:site_name')).toBe('Mavuno Agri-Food Consultants');
  expect(meta('twitter:card')).toBe('summary_large_image');
  const card = await request.get(`${site.origin}/share-card.png`);
  expect(card.headers()['content-type']).toBe('image/png');
});

test('an event page tells its dates in Kenya’s time zone, its place, status and price; an article its headline and date', async ({ request, site }) => {
  const [event] = await upcomingEvents(request, site.apiBaseUrl);
  const eventPage = await crawl(request, `${site.origin}/event/${event!._id}`);
  expect(eventPage.structuredData.find((thing) => thing['@type'] === 'Event')).toMatchObject({
    name: event!.title,
    startDate: `${event!.startDate}T${event!.startTime}:00+03:00`,
    endDate: `${event!.endDate}T${event!.endTime}:00+03:00`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', address: { addressCountry: 'KE' } },
    offers: { price: event!.price, priceCurrency: 'KES' },
  });
  if (event!.images[0]) {
    // The API's picture as the site serves it (its server passes /static/ on to the API), and a crawler gets it there.
    const picture = `${site.origin}${new URL(event!.images[0].url).pathname}`;
    expect(eventPage.meta('og:image')).toBe(picture);
    expect((await request.get(picture)).headers()['content-type']).toMatch(/^image\//);
  }

  const [post] = blogListSchema.parse(await (await request.get(`${site.apiBaseUrl}blog`)).json());
  const postPage = await crawl(request, `${site.origin}/blog/${post!._id}`);
  expect(postPage.structuredData.find((thing) => thing['@type'] === 'BlogPosting')).toMatchObject({
    headline: post!.title,
    datePublished: post!.createdAt,
    publisher: { name: 'Mavuno Agri-Food Consultants' },
  });
});

test('the home page names the business, its contact and opening hours; list pages list their items', async ({ request, site }) => {
  const home = await crawl(request, `${site.origin}/`);
  expect(home.structuredData.find((thing) => thing.name === 'Mavuno Agri-Food Consultants')).toMatchObject({
    telephone: '+254722000000',
    openingHoursSpecification: [{ opens: '10:00', closes: '20:00' }],
    address: { addressCountry: 'KE' },
  });
  const courses = await seededCourses(request, site.apiBaseUrl);
  const list = (await crawl(request, `${site.origin}/courses`)).structuredData.find((thing) => thing['@type'] === 'ItemList')!;
  expect((list.itemListElement as Thing[]).map((item) => item.url)).toEqual(courses.map((course) => `${site.origin}/course/${course._id}`));
});

test('the sitemap lists exactly the public pages, ended events aside; robots.txt opens the site and closes accounts and previews, and names no staff page', async ({
  request,
  site,
}) => {
  const [courses, { data: events }, posts] = await Promise.all([
    seededCourses(request, site.apiBaseUrl),
    request.get(`${site.apiBaseUrl}event`).then(async (response) => eventListResponseSchema.parse(await response.json())),
    request.get(`${site.apiBaseUrl}blog`).then(async (response) => blogListSchema.parse(await response.json())),
  ]);
  const upcoming = await upcomingEvents(request, site.apiBaseUrl);
  const sitemap = await (await request.get(`${site.origin}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname).sort();
  const expected = [
    '/',
    '/about',
    '/courses',
    '/events',
    '/blogs',
    '/faqs',
    '/contact',
    '/privacy-policy',
    '/term-conditions',
    ...courses.map((course) => `/course/${course._id}`),
    ...upcoming.map((event) => `/event/${event._id}`),
    ...posts.map((post) => `/blog/${post._id}`),
  ].sort();
  expect(listed).toEqual(expected);
  const ended = events.filter((event) => !upcoming.some((soon) => soon._id === event._id));
  for (const event of ended) expect(listed).not.toContain(`/event/${event._id}`);
  // lastmod from the data: when each article, course and event last changed.
  for (const path of [`/blog/${posts[0]!._id}`, `/course/${courses[0]!._id}`, `/event/${upcoming[0]!._id}`]) {
    expect(sitemap).toMatch(new RegExp(`<loc>${site.origin}${path}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`));
  }

  const robots = await (await request.get(`${site.origin}/robots.txt`)).text();
  for (const rule of [
    'User-agent: *',
    'Allow: /',
    'Disallow: /my-profile',
    'Disallow: /cart',
    'Disallow: /*?preview=',
    `Sitemap: ${site.origin}/sitemap.xml`,
  ]) {
    expect(robots).toContain(rule);
  }
  // The pages a visitor signs in from are documents but no search result: readable (so the noindex is seen), unlisted.
  expect(robots).not.toMatch(/^Disallow: \/(login|register|forgot-password)$/m);
  for (const path of ['/login', '/register', '/forgot-password']) {
    expect(await (await request.get(`${site.origin}${path}`)).text(), path).toContain('<meta name="robots" content="noindex">');
  }
  // The back office is not named (it would only point attackers at it): its pages answer noindex instead.
  expect(robots).not.toContain('/staff');
  const staffPage = await request.get(`${site.origin}/staff/login`);
  expect(staffPage.status()).toBe(200);
  expect(staffPage.headers()['x-robots-tag']).toBe('noindex');
});

test('a page that does not exist answers 404 and noindex, and a page rendered in the browser answers 200', async ({ page, request, site }) => {
  for (const path of ['/course/no-such-course', '/blog/gone', '/no-such-page']) {
    const response = await request.get(`${site.origin}${path}`);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['x-robots-tag'], path).toBe('noindex');
  }
  expect((await request.get(`${site.origin}/login`)).status()).toBe(200);
  // A visitor still gets the site's own not-found page.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
