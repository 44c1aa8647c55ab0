import type { Page } from '@playwright/test';
import { toast } from '../content/content-support';
import { expect as baseExpect, test } from '../support/fixtures';
import { fillByLabel } from '../support/forms';

// Visitors on slow mobile links are the normal case. These journeys run under Chromium's throttling at
// Slow-3G-like values and must be slow, never broken: no remote declared unavailable, nothing typed lost.
const SLOW_MOBILE_LINK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

// Every wait is on what the visitor sees, only longer: a page takes tens of seconds on such a link.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

async function onSlowMobileLink(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_MOBILE_LINK);
  // Remembers whether the "unavailable" panel ever showed, even for a moment between two checks (what is rendered:
  // the text of a document's loader script says it too).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.innerText.includes('temporarily unavailable')) sessionStorage.setItem('e2e:saw-unavailable', '1');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const sawUnavailable = (page: Page) => page.evaluate(() => sessionStorage.getItem('e2e:saw-unavailable') === '1');

test('on a slow mobile link a visitor types while the page loads, then books an event', { tag: ['@journey', '@slow-link'] }, async ({ page }) => {
  await onSlowMobileLink(page);
  await page.goto('/', { waitUntil: 'commit' });

  // The footer (the shell's) is there before the home page (content's): what is typed into it stays.
  const newsletter = page.getByRole('contentinfo').getByLabel('Email address');
  await newsletter.fill('wanjiru.slowlink@example.co.ke');
  await expect(page.getByRole('heading', { level: 1, name: /Expert Agri-Food Training/ })).toBeVisible();
  // A document with islands: what was typed must survive the newsletter's island coming in, seconds later.
  await page.locator('[data-island="shell/newsletter"][data-island-state="ready"]').waitFor({ state: 'attached', timeout: 120_000 });
  await expect(newsletter).toHaveValue('wanjiru.slowlink@example.co.ke');

  await page.getByRole('banner').getByRole('link', { name: 'Events', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  await page
    .getByRole('link', { name: /^Book Now: / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Book Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this event' });
  await fillByLabel(dialog, { 'Full name': 'Wanjiru Kamau', Email: 'wanjiru.slowlink@example.co.ke', 'Phone number': '722 000 111' });
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your booking has been received!' })).toBeVisible();

  expect(await sawUnavailable(page)).toBe(false);
});

test('on a slow mobile link a customer logs in and saves an address', { tag: ['@journey', '@slow-link'] }, async ({ page, registerCustomer }) => {
  const { email, password } = await registerCustomer({ firstname: 'Kiprono', lastname: 'Langat' });
  await onSlowMobileLink(page);
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'User Logged in Successfully!')).toBeVisible();

  await page.goto('/address');
  await main.getByLabel('County').selectOption('Kenya');
  await main.getByLabel('Address', { exact: true }).fill('Oginga Odinga Street 4');
  await main.getByLabel('Area').fill('Kisumu');
  await expect(main.getByLabel('Area')).toHaveValue('Kisumu');
  await main.getByRole('button', { name: 'Save Address' }).click();
  await expect(toast(page, 'Address Saved Successfully')).toBeVisible();

  expect(await sawUnavailable(page)).toBe(false);
});
