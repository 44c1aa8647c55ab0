// The business is told and works its leads: a visitor's booking reaches the business's mailbox and the
// back office's inbox, a member of staff handles it, and the audit log says who did what.
import type { APIRequestContext } from '@playwright/test';
import { upcomingEvents } from '../catalog/catalog-data';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { inviteFromTerminal, joinTheTeam, skipOnExternalSite, STAFF_PASSWORD } from './staff-support';

const OFFICE = 'office@mavuno.test';

/** The notification mailed to the business that names `visitor` (alone, or in a digest). */
async function notificationFor(request: APIRequestContext, apiBaseUrl: string, visitor: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(`${apiBaseUrl}test/outbox`, { params: { email: OFFICE } })).json()) as {
          messages: { subject: string; text: string }[];
        };
        found = messages.find((message) => message.text.includes(visitor));
        return found;
      },
      { message: `a mail to ${OFFICE} about ${visitor}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return found!;
}

test.skip(skipOnExternalSite(), 'needs the harness API: its terminal and its test outbox');

test(
  'a booking is mailed to the business, handled in the inbox, and written in the audit log',
  { tag: '@journey' },
  async ({ page, request, site, readLatestMail, checkA11y, harness }) => {
    test.setTimeout(120_000);
    const [event] = await upcomingEvents(request, site.apiBaseUrl);
    const visitor = uniqueEmail('visitor');

    // A visitor books the event.
    await page.goto(`/event/${event!._id}`);
    await page.getByRole('button', { name: 'Book Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book this event' });
    await dialog.getByLabel('Full name').fill('Akinyi Odhiambo');
    await dialog.getByLabel('Email').fill(visitor);
    await dialog.getByLabel('Phone number').fill('0711 222 333');
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(dialog.getByRole('heading', { name: 'Your booking has been received!' })).toBeVisible();

    // The business is told, in plain text, within seconds.
    const mail = await notificationFor(request, site.apiBaseUrl, visitor);
    expect(mail.text).toContain(event!.title);
    expect(mail.text).not.toMatch(/<[a-z]/i);

    // A new admin joins from the terminal's invitation and finds the booking in the inbox.
    const admin = await joinTheTeam(page, { harness, readLatestMail }, 'admin');
    await page.getByLabel('Search').fill(visitor);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row').filter({ hasText: visitor });
    await expect(row).toContainText('Event booking');
    await expect(row).toContainText(event!.title);
    await expect(row).toContainText('new');
    await checkA11y(page);
    await row.getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1, name: 'Event booking: Akinyi Odhiambo' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark contacted' }).click();
    // The toast first: its code arrives with it, and a toast fading in during an axe check fails on contrast.
    await expect(page.locator('.Toastify').getByText('Marked contacted', { exact: true })).toBeVisible();
    await expect(page.getByText('contacted', { exact: true })).toBeVisible();
    await page.getByLabel('Add a note').fill('Called: paying by M-Pesa on Friday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Called: paying by M-Pesa on Friday.')).toBeVisible();
    await expect(page.getByLabel('Add a note')).toHaveValue('');
    await checkA11y(page);

    // The audit log shows both, by whom.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'lead status changed' }).first()).toContainText('contacted');
    await expect(page.getByRole('row').filter({ hasText: 'lead note added' }).first()).toContainText('M-Pesa');
    await checkA11y(page);

    // The team, with what an admin may do to a colleague who has joined (reset a second factor, remove).
    const colleague = uniqueEmail('staff-colleague');
    await inviteFromTerminal(harness, colleague, 'staff');
    const invitation = /\/staff\/invitation\/([\w-]+)/.exec((await readLatestMail(colleague)).text)?.[1];
    expect((await request.post(`${site.apiBaseUrl}staff/invitation/${invitation}`, { data: { password: STAFF_PASSWORD } })).ok()).toBe(true);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('button', { name: `Reset second factor of ${colleague}` })).toBeVisible();
    // The admin is listed, with no action on themself.
    const adminRow = page.getByRole('row').filter({ hasText: admin.email });
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    await checkA11y(page);
  },
);
