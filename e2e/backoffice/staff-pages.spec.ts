// The back office as a remote: its own layout, kept out of search engines and never prerendered, usable on a
// phone and at 1280 px, and closed to anyone not signed in as staff.
import { expect, test } from '../support/fixtures';
import { joinTheTeam, signIn, skipOnExternalSite } from './staff-support';

test.skip(skipOnExternalSite(), 'needs the harness API: its terminal and its test outbox');

test('the sign-in page has its own layout, noindex, and is rendered in the browser', async ({ page, request, site, checkA11y }) => {
  // An accessibility audit and two sign-in attempts: 55 s seen on a loaded machine.
  test.setTimeout(90_000);
  const html = await (await request.get(`${site.origin}/staff/login`)).text();
  expect(html, 'not prerendered').not.toContain('id="prerendered-page"');
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in | Mavuno back office');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // The public frame gave way.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await page.getByLabel('Email').fill('nobody@mavuno.test');
  await page.getByLabel('Password').fill('a guess');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody@mavuno.test');
});

test("a page of the back office sends a visitor to sign in, and back there after; sign out everywhere ends every browser's session", async ({
  page,
  browser,
  site,
  readLatestMail,
  harness,
}) => {
  test.setTimeout(120_000);
  await page.goto('/staff/orders');
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Forders$/);
  const staff = await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  // A member of staff is not an admin.
  await page.goto('/staff/team');
  await expect(page.getByRole('heading', { name: 'For admins only' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await signIn(page, staff, '/staff/orders');
  await expect(page).toHaveURL(/\/staff\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

  // The same member on another device (issue 39): signing out everywhere here ends that session too.
  const elsewhere = await browser.newContext({ baseURL: site.origin });
  const other = await elsewhere.newPage();
  await signIn(other, staff, '/staff/orders', { withRecoveryCode: true });
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('Signed out on every device')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
  await other.goto('/staff/leads');
  await expect(other).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Fleads$/);
  await elsewhere.close();
});

test('the inbox works on a phone and at 1280 px, by keyboard', async ({ page, request, site, readLatestMail, checkA11y, harness }, testInfo) => {
  test.setTimeout(90_000);
  const enquiry = { name: 'Row Opener', email: `row-opener-${Date.now()}@example.co.ke`, mobile: '0712-345678', comment: 'Opened from its row.' };
  expect((await request.post(`${site.apiBaseUrl}enquiry`, { data: enquiry })).ok()).toBe(true);
  await joinTheTeam(page, { harness, readLatestMail }, 'admin');
  for (const [width, height] of [
    [412, 915],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/staff/leads');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    // Nothing wider than the screen but the table, which scrolls in its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath(`inbox-${width}.png`), fullPage: true });
  }
  // A lead opens from its row (its date, here), not only from its name's link; its phone shown one way.
  const row = page.getByRole('row').filter({ hasText: 'Row Opener' });
  await expect(row).toContainText('+254 712 345 678');
  await row.getByRole('cell').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry: Row Opener');
  await page.goBack();
  // Skip link first, then the sections, by keyboard alone.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Inbox' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
});
