// What staff change reaches the customers: an order's status on /my-orders, a course's price on its page and
// in what a new call request stores, an unpublished event gone from /events and the home page; and the payments staff
// see, of an order and of a booking.
import { expect, renderInBrowser, scrollToTheEnd, test, uniqueEmail } from '../support/fixtures';
import { seededCourses, upcomingEvents } from '../catalog/catalog-data';
import { joinTheTeam, skipOnExternalSite } from './staff-support';

test.skip(skipOnExternalSite(), 'needs the harness API: its terminal and its test outbox');

const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE')}`;

type Customers = Pick<Parameters<Parameters<typeof test>[2]>[0], 'request' | 'site' | 'registerCustomer'>;

/** A new customer, signed in through the API, with an order for one seat of the first course: what staff then handle. */
async function customerWithOrder({ request, site, registerCustomer }: Customers, emailPrefix: string) {
  const customer = await registerCustomer({ email: uniqueEmail(emailPrefix) });
  const login = await (await request.post(`${site.apiBaseUrl}user/login`, { data: { email: customer.email, password: customer.password } })).json();
  const auth = { Authorization: `Bearer ${login.token}` };
  const [course] = await seededCourses(request, site.apiBaseUrl);
  await request.post(`${site.apiBaseUrl}user/cart`, { headers: auth, data: { courseId: course!._id, quantity: 1 } });
  const shippingInfo = {
    firstName: 'Wanjiku',
    lastName: 'Kamau',
    county: 'Kenya',
    address: 'Kenyatta Avenue 1',
    area: 'Nakuru Town',
    phoneNumber: '712345678',
  };
  const created = await request.post(`${site.apiBaseUrl}user/cart/create-order`, { headers: auth, data: { shippingInfo } });
  expect(created.ok()).toBeTruthy();
  return { customer, login, auth, course: course!, order: await created.json() };
}

test("an order moved to Processing in the back office shows on the customer's /my-orders", async ({
  page,
  request,
  site,
  registerCustomer,
  readLatestMail,
  harness,
}) => {
  test.setTimeout(120_000);
  const { customer, login, course } = await customerWithOrder({ request, site, registerCustomer }, 'buyer');

  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('row').filter({ hasText: customer.email }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: `Order of ${customer.firstname} ${customer.lastname}` })).toBeVisible();
  // Only the allowed moves are offered (the server refuses the others).
  await expect(page.getByRole('button', { name: 'Move to Delivered' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Move to Processing' }).click();
  await expect(page.getByRole('button', { name: 'Move to Dispatched' })).toBeVisible();

  await page.evaluate((stored) => localStorage.setItem('customer', JSON.stringify(stored)), login);
  await page.goto('/my-orders');
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: course.title }).getByText('Processing', { exact: true })).toBeVisible();
});

test('an order paid by M-Pesa shows in the back office: its payment, the phone masked, and the order paid', async ({
  page,
  request,
  site,
  registerCustomer,
  readLatestMail,
  harness,
  checkA11y,
}, testInfo) => {
  test.skip(!site.takesMpesa, 'the API takes no payments');
  test.setTimeout(120_000);
  const { customer, auth, order } = await customerWithOrder({ request, site, registerCustomer }, 'payer');
  const started = await request.post(`${site.apiBaseUrl}payments`, { headers: auth, data: { orderId: order._id, phone: '0722 000 778' } });
  expect(started.status()).toBe(201);
  const payment = await started.json();
  // The kit's Daraja simulator answers for the customer a second later, by its callback to the API.
  await expect
    .poll(async () => (await (await request.get(`${site.apiBaseUrl}payments/${payment._id}`, { headers: auth })).json()).state, { timeout: 20_000 })
    .toBe('paid');
  const reference = order._id.slice(-8).toUpperCase();

  await joinTheTeam(page, { harness, readLatestMail }, 'admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
  await expect(row).toContainText('•••••••••778');
  await expect(row).toContainText(/[A-Z0-9]{10}/);
  await expect(row).not.toContainText('254722000778');
  // At 1280 px the row's action is in view, the table within its box (its last column stays in view if it scrolls).
  await expect(row.getByRole('button', { name: /^Record Refund/ })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('payments-1280.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await checkA11y(page);
  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: `Order of ${customer.firstname} ${customer.lastname}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('M-Pesa');
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('paid');
  // No payment is recorded by hand for an order paid already.
  await expect(page.getByRole('form', { name: 'Record a payment received another way' })).toHaveCount(0);

  // Cancelled by staff once paid: asked first, and what happens to the money is said; the customer is told.
  await page.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByText(/This order is paid/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Why a refund is to be arranged' }).fill('The customer cannot attend; refund by M-Pesa');
  await page.screenshot({ path: testInfo.outputPath('cancel-paid-order.png'), fullPage: true });
  await page.getByRole('button', { name: 'Cancel it, refund to be arranged' }).click();
  await expect(page.getByText('Order moved to Cancelled')).toBeVisible();
  await expect(page.getByText(/cancelled, a refund to be arranged/)).toBeVisible();
  const mine = (await (await request.get(`${site.apiBaseUrl}user/getmyorders`, { headers: auth })).json()) as { _id: string; refundToArrange?: boolean }[];
  expect(mine.find((each) => each._id === order._id)?.refundToArrange).toBe(true);
});

test('a paid event’s booking paid by M-Pesa from its confirmation: the visitor’s receipt, and the payment in the back office', async ({
  page,
  request,
  site,
  readLatestMail,
  harness,
  checkA11y,
}) => {
  test.skip(!site.takesMpesa, 'the API takes no payments');
  test.setTimeout(120_000);
  const event = (await upcomingEvents(request, site.apiBaseUrl)).find((each) => each.price > 0)!;
  const visitor = uniqueEmail('booker');
  const name = `Amani Booker ${Date.now()}`;

  await page.goto(`/event/${event._id}`);
  await page.getByRole('button', { name: 'Book Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this event' });
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email').fill(visitor);
  await dialog.getByLabel('Phone number').fill('0712 345 678');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your booking has been received!' })).toBeVisible();
  await expect(dialog.getByText(`Pay ${kes(event.price)} for your seat now with M-Pesa`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  // The number the booking gave; the kit's Daraja simulator pays from 0712 345 678 (docs/payments.md).
  await expect(dialog.getByRole('textbox', { name: 'M-Pesa Number' })).toHaveValue('0712 345 678');
  await dialog.getByRole('button', { name: 'Send Payment Request' }).click();
  await expect(dialog.getByText('Check your phone and enter your M-Pesa PIN')).toBeVisible();
  await expect(dialog.getByText('Payment received', { exact: true })).toBeVisible({ timeout: 20_000 });
  await checkA11y(page);
  const receipt = await readLatestMail(visitor);
  expect(receipt.subject).toMatch(/^Payment received: booking [A-Z0-9]{8}$/);
  expect(receipt.text).toContain(`Event: ${event.title}`);

  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(event.title);
  await expect(row).toContainText('•••••••••678');
  await expect(row).toContainText(kes(event.price));
  await row.getByRole('link', { name: /^Booking [A-Z0-9]{8}$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Event booking: ${name}` })).toBeVisible();
});

test('a course made and repriced in the back office shows its price, and a call request stores it', async ({
  page,
  readLatestMail,
  site,
  checkA11y,
  harness,
}) => {
  test.setTimeout(150_000);
  const title = `Mycotoxin Testing ${Date.now()}`;
  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  await page.goto('/staff/content/courses/new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title is Required')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').fill('Food Safety');
  await page.getByLabel('Objective').fill('Test grain for aflatoxin on site.');
  await page.getByLabel('Target group').fill('Millers and traders');
  await page.getByLabel('Duration').fill('1 day');
  await page.getByLabel('Lecturer').fill('Dr. Wambui Kariuki');
  await page.getByLabel('Price (KES, VAT inclusive)').fill('12000');
  await page.getByRole('textbox', { name: 'About the course' }).fill('Rapid tests and sampling plans.');
  await page.getByRole('textbox', { name: 'What you will learn' }).click();
  await page.getByRole('toolbar', { name: 'Formatting: What you will learn' }).getByRole('button', { name: 'Bulleted list' }).click();
  // What is typed goes where the focus is: in the text, not on the toolbar's button.
  await expect(page.getByRole('textbox', { name: 'What you will learn' })).toBeFocused();
  await page.keyboard.type('Sampling a lorry');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit the course' })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

  await page.getByLabel('Price (KES, VAT inclusive)').fill('15500');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // The course's page, as the browser renders it, shows the new price; a call request stores it.
  await renderInBrowser(page, site.origin);
  await page.goto(`/course/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(kes(15_500)).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Sampling a lorry' })).toBeVisible();
  await page.getByRole('button', { name: 'Request Call' }).click();
  const dialog = page.getByRole('dialog');
  const visitor = uniqueEmail('caller');
  await dialog.getByLabel('Full name').fill('Omondi Were');
  await dialog.getByLabel('Email').fill(visitor);
  await dialog.getByLabel('Phone number').fill('0733 444 555');
  await dialog.getByRole('button', { name: /Request|Confirm/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Your Call Request has been received!' })).toBeVisible();

  await page.goto(`/staff/leads?q=${encodeURIComponent(visitor)}`);
  await page.getByRole('row').filter({ hasText: visitor }).getByRole('link').click();
  await expect(page.getByText(`${title} (1 day), ${kes(15_500)}`)).toBeVisible();
});

test('an unpublished event leaves /events and the home page, and its page is not found', async ({ page, readLatestMail, site, harness }) => {
  // Eight page loads, three rendered in the browser: 150 s ran out twice on a loaded machine (loads of 17 to 31 s).
  test.setTimeout(240_000);
  const title = `Grain Storage Clinic ${Date.now()}`;
  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  await page.goto('/staff/content/events/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Speaker').fill('Eng. Cherono');
  // Sooner than any seeded event, so the home page's first upcoming forums include it.
  const tomorrow = new Date(Date.now() + 27 * 3_600_000).toISOString().slice(0, 10);
  await page.getByLabel('Start date').fill(tomorrow);
  await page.getByLabel('Start time').fill('06:00');
  await page.getByLabel('End date').fill(tomorrow);
  await page.getByLabel('End time').fill('07:00');
  await page.getByLabel('City').fill('Eldoret');
  await page.getByLabel('Price (KES; 0 for a free event)').fill('0');
  await page.getByRole('textbox', { name: 'Description' }).fill('Hermetic bags and moisture meters.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit the event' })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

  await renderInBrowser(page, site.origin);
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/staff/content/events');
  await page.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Unpublished');

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto('/');
  await scrollToTheEnd(page);
  await expect(page.getByRole('link', { name: 'More Events' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto(`/event/${id}`);
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
});

test('a raised price reaches the prerendered /course/:id: at once after revalidation, then in the regenerated HTML', async ({
  page,
  request,
  site,
  readLatestMail,
  harness,
}) => {
  test.setTimeout(540_000);
  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('staff-session') ?? '{}') as { token: string }).token);
  const staffApi = (method: 'post' | 'put', path: string, data: unknown) =>
    request[method](`${site.apiBaseUrl}staff/${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  const draft = {
    title: `Hygienic Design ${Date.now()}`,
    objective: 'Design equipment that cleans well.',
    targetGroup: 'Engineers',
    duration: '2 days',
    lecturer: 'Eng. Mutua',
    category: 'Food Safety',
    description: '<p>Cleanable surfaces.</p>',
    whatYouWillEarn: ['<ul><li>Drainable joints</li></ul>'],
    price: 20_000,
    certificate: true,
  };
  const created = await staffApi('post', 'courses', draft);
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { item: { _id: string } }).item._id;
  const html = async () => (await request.get(`${site.origin}/course/${id}`)).text();
  // The harness makes the pages again when the public data changes (PRERENDER_INTERVAL, 5 s here): within the run
  // after the one under way, which may be remaking the pages another test's change touched (about 50 s in all on an
  // otherwise idle machine, once past 90 s while the other worker's tests loaded it). The bound is the machine's
  // speed. (Past 150 s, and then never, was a bug: a course added during a run; prerender.test.mjs, settleRun.)
  const REGENERATED = { timeout: 240_000 };
  await expect.poll(async () => (await html()).includes('id="prerendered-page"') && (await html()).includes(kes(20_000)), REGENERATED).toBe(true);

  expect((await staffApi('put', `courses/${id}`, { ...draft, price: 24_500 })).ok()).toBeTruthy();
  // The prerendered page, taken over, asks the API again and shows what it says now.
  await page.goto(`/course/${id}`);
  await expect(page.getByText(kes(24_500)).first()).toBeVisible({ timeout: 20_000 });
  // And the HTML itself, once the pages are made again.
  await expect.poll(async () => (await html()).includes(kes(24_500)), REGENERATED).toBe(true);
});
