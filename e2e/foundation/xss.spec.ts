import type { Page, Route } from '@playwright/test';
import { patientExpect as expect, renderInBrowser, scrollToTheEnd, test } from '../support/fixtures';
import {
  ALL_PAYLOADS,
  HOSTILE_DESCRIPTION,
  PAYLOADS,
  expectHostileDescription,
  expectNothingRan,
  expectShownAsText,
  payloadAt,
  trapXss,
} from '../support/hostile-html';

// Every payload through every field of server data that reaches the page:
// HTML descriptions (SafeHtml) and plain-text fields (React text). The API's
// answers are replaced with hostile ones: a list holds one record per payload,
// a single record carries all of them in each field, so one page load checks all.

// The sanitiser and React must hold on their own: the Content-Security-Policy
// is a second wall, checked with the headers, and must not hide a hole here.
test.use({ bypassCSP: true });

const fulfill = (json: unknown) => (route: Route) => route.fulfill({ json });
const indexes = PAYLOADS.map((_, index) => index);

function hostileCourse(index: number) {
  const description = payloadAt(index);
  return {
    _id: `xss-course-${index}`,
    title: payloadAt(index),
    objective: payloadAt(index + 1),
    targetGroup: payloadAt(index + 2),
    duration: payloadAt(index + 3),
    lecturer: payloadAt(index + 4),
    category: payloadAt(index + 5),
    skillLevel: payloadAt(index + 6),
    language: payloadAt(index + 7),
    description,
    whatYouWillEarn: [description],
    price: 12_000,
    lectures: 6,
    certificate: true,
  };
}

function hostileEvent(index: number) {
  const day = String((index % 28) + 1).padStart(2, '0');
  return {
    _id: `xss-event-${index}`,
    title: payloadAt(index),
    speaker: payloadAt(index + 1),
    venue: payloadAt(index + 2),
    city: payloadAt(index + 3),
    description: payloadAt(index),
    startDate: `2099-03-${day}`,
    startTime: '09:00',
    endDate: `2099-03-${day}`,
    endTime: '16:00',
    price: 5_000,
    images: [],
  };
}

function hostilePost(index: number) {
  return {
    _id: `xss-post-${index}`,
    title: payloadAt(index),
    description: payloadAt(index),
    images: [],
    category: index % 2 === 0 ? 'col-1' : 'col-2',
    createdAt: new Date(Date.UTC(2026, 0, 1) - index * 86_400_000).toISOString(),
  };
}

/** The courses as summaries (cart items, orders): one per payload. */
const courseSummary = (index: number) => {
  const { _id, title, price, duration, category } = hostileCourse(index);
  return { _id, title, price, duration, category };
};

test('course list and course page: every field and both descriptions', async ({ page, site }) => {
  const ran = await trapXss(page);
  // The pages are made from these hostile answers in the browser (prerendered pages carry their own data).
  await renderInBrowser(page, site.origin);
  await page.route(`${site.apiBaseUrl}course`, fulfill(indexes.map((index) => hostileCourse(index))));
  const course = {
    ...hostileCourse(0),
    title: ALL_PAYLOADS,
    lecturer: ALL_PAYLOADS,
    category: ALL_PAYLOADS,
    duration: ALL_PAYLOADS,
    skillLevel: ALL_PAYLOADS,
    language: ALL_PAYLOADS,
    description: HOSTILE_DESCRIPTION,
    whatYouWillEarn: [HOSTILE_DESCRIPTION],
  };
  await page.route(`${site.apiBaseUrl}course/*`, fulfill(course));

  await page.goto('/courses');
  const table = page.getByRole('table');
  await expectShownAsText(table, PAYLOADS);
  await expectNothingRan(page, ran);

  await table.getByRole('link', { name: `View ${payloadAt(0)}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ALL_PAYLOADS);
  await expect(page).toHaveTitle(`${ALL_PAYLOADS} | Mavuno Agri-Food Consultants`);
  await expectHostileDescription(page.getByRole('region', { name: 'About Course' }));
  await expectHostileDescription(page.getByRole('region', { name: 'What Will You learn' }));
  for (const label of ['Lecturer', 'Category', 'Duration']) {
    await expectShownAsText(page.getByRole('list', { name: 'Course summary' }).getByRole('listitem').filter({ hasText: label }), PAYLOADS);
  }
  await expectShownAsText(page.getByRole('complementary', { name: 'Course price and actions' }), PAYLOADS);
  await expectNothingRan(page, ran);
});

test('event list and event page: every field and the descriptions', async ({ page, site }) => {
  const ran = await trapXss(page);
  // The pages are made from these hostile answers in the browser (prerendered pages carry their own data).
  await renderInBrowser(page, site.origin);
  await page.route(`${site.apiBaseUrl}event`, fulfill({ data: indexes.map((index) => hostileEvent(index)) }));
  const event = { ...hostileEvent(0), title: ALL_PAYLOADS, speaker: ALL_PAYLOADS, venue: ALL_PAYLOADS, city: ALL_PAYLOADS };
  await page.route(`${site.apiBaseUrl}event/*`, fulfill({ data: { ...event, description: HOSTILE_DESCRIPTION } }));

  await page.goto('/events');
  const main = page.getByRole('main');
  await expectShownAsText(main, PAYLOADS);
  await expect(main.locator('[data-server-html]')).toHaveCount(PAYLOADS.length);
  await expectNothingRan(page, ran);

  await main.getByRole('link', { name: `Book Now: ${payloadAt(0)}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ALL_PAYLOADS);
  await expectHostileDescription(page.getByRole('region', { name: 'Overview' }));
  await expectShownAsText(page.locator('.event-page__speaker'), PAYLOADS);
  await expectShownAsText(page.getByRole('complementary', { name: 'Booking' }), [`${ALL_PAYLOADS}, ${ALL_PAYLOADS}, Kenya`]);
  await expectNothingRan(page, ran);
});

test('home page, blog list and blog post: titles, previews and the post body', async ({ page, site }) => {
  const ran = await trapXss(page);
  // The pages are made from these hostile answers in the browser (prerendered pages carry their own data).
  await renderInBrowser(page, site.origin);
  await page.route(`${site.apiBaseUrl}blog`, fulfill(indexes.map((index) => hostilePost(index))));
  await page.route(`${site.apiBaseUrl}blog/*`, fulfill({ ...hostilePost(0), title: ALL_PAYLOADS, description: HOSTILE_DESCRIPTION }));
  await page.route(`${site.apiBaseUrl}event`, fulfill({ data: indexes.map((index) => hostileEvent(index)) }));

  await page.goto('/');
  // The blog section and the forums load as the visitor scrolls to them.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollToTheEnd(page);
  await expectShownAsText(page.getByRole('region', { name: 'From Our Blog' }), [payloadAt(0), payloadAt(1)]);
  await expect(page.getByRole('link', { name: `View event: ${payloadAt(0)}` })).toBeVisible();
  await expectNothingRan(page, ran);

  await page.goto('/blogs');
  const main = page.getByRole('main');
  await expectShownAsText(main, PAYLOADS);
  await expectNothingRan(page, ran);

  await page.goto(`/blog/${hostilePost(0)._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ALL_PAYLOADS);
  await expectHostileDescription(main.locator('[data-server-html]'));
  await expectShownAsText(page.getByRole('complementary', { name: 'Related Posts' }), [payloadAt(1)]);
  await expectNothingRan(page, ran);
});

/** A signed-in customer whose names carry every payload, stored as a login would store it. */
const hostileCustomer = {
  _id: 'xss-customer',
  token: 'xss-token',
  firstname: PAYLOADS.slice(0, PAYLOADS.length / 2).join(' '),
  lastname: PAYLOADS.slice(PAYLOADS.length / 2).join(' '),
  email: 'xss@example.co.ke',
  mobile: '712345678',
};

const ADDRESS_FIELDS = ['firstName', 'lastName', 'county', 'address', 'other', 'area'] as const;

/** The n-th address answer: the next six payloads, one per text field. */
function hostileAddress(batch: number) {
  const fields = Object.fromEntries(ADDRESS_FIELDS.map((field, index) => [field, payloadAt(batch * ADDRESS_FIELDS.length + index)])) as Record<
    (typeof ADDRESS_FIELDS)[number],
    string
  >;
  return { ...fields, phoneNumber: '712345678', additionalNumber: '' };
}

/** Answers every account call the pages make; a call nobody expected is recorded and refused. */
async function serveHostileAccount(page: Page, apiBaseUrl: string): Promise<string[]> {
  const unexpected: string[] = [];
  let addressRequests = 0;
  await page.addInitScript((stored) => localStorage.setItem('customer', stored), JSON.stringify(hostileCustomer));
  await page.route(`${apiBaseUrl}user/**`, (route) => {
    unexpected.push(`${route.request().method()} ${route.request().url()}`);
    return route.fulfill({ status: 404, json: { message: 'Not served by the XSS suite' } });
  });
  const items = indexes.map((index) => ({ _id: `xss-item-${index}`, course: courseSummary(index), quantity: 1, price: 12_000 }));
  await page.route(`${apiBaseUrl}user/cart`, fulfill({ items, totalPrice: items.length * 12_000 }));
  await page.route(
    `${apiBaseUrl}user/getmyorders`,
    fulfill([
      {
        _id: 'xss-order-0001',
        items: items.map(({ course, quantity, price }) => ({ course, quantity, price })),
        shippingInfo: hostileAddress(0),
        totalPrice: items.length * 12_000,
        status: 'Ordered',
        createdAt: '2026-01-05T08:00:00.000Z',
      },
    ]),
  );
  // The profile and the address page each load the address: both show the same batch, then the next.
  await page.route(`${apiBaseUrl}user/get-address`, (route) => route.fulfill({ json: { address: hostileAddress(Math.floor(addressRequests++ / 2)) } }));
  return unexpected;
}

test('account pages: names, every address field, cart items and orders', async ({ page, site }) => {
  const ran = await trapXss(page);
  // The pages are made from these hostile answers in the browser (prerendered pages carry their own data).
  await renderInBrowser(page, site.origin);
  const unexpected = await serveHostileAccount(page, site.apiBaseUrl);
  const main = page.getByRole('main');

  await page.goto('/my-profile');
  await expectShownAsText(main, [`${hostileCustomer.firstname} ${hostileCustomer.lastname}`]);
  await expectNothingRan(page, ran);

  // Six payloads per address answer: round after round, every payload passes through the address fields.
  for (let batch = 0; batch * ADDRESS_FIELDS.length < PAYLOADS.length; batch += 1) {
    const address = hostileAddress(batch);
    await expectShownAsText(main.getByRole('region', { name: 'Shipping Information' }), [address.county, address.firstName, address.address, address.area]);
    await main.getByRole('link', { name: 'Edit shipping address' }).click();
    for (const [label, value] of [
      ['First Name', address.firstName],
      ['Last Name', address.lastName],
      ['Address', address.address],
      ['Apartment, suite, etc. (optional)', address.other],
      ['Area', address.area],
    ] as const) {
      await expect(main.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await expectNothingRan(page, ran);
    await main.getByRole('link', { name: 'Back to My Profile' }).click();
  }

  await page.goto('/edit-profile');
  await expect(main.getByLabel('First Name', { exact: true })).toHaveValue(hostileCustomer.firstname);
  await expect(main.getByLabel('Last Name', { exact: true })).toHaveValue(hostileCustomer.lastname);
  await expectNothingRan(page, ran);

  await page.goto('/cart');
  await expectShownAsText(main, PAYLOADS);
  await expectNothingRan(page, ran);

  await page.goto('/my-orders');
  await expectShownAsText(main.getByRole('list', { name: 'Your orders' }), PAYLOADS);
  await expectNothingRan(page, ran);

  expect(unexpected).toEqual([]);
});
