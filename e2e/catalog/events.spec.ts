import { patientExpect as expect, test } from '../support/fixtures';
import { fillByLabel, postedBy } from '../support/forms';
import { upcomingEvents } from './catalog-data';

test.describe('events', () => {
  test('events list, event page, then a booking', { tag: '@journey' }, async ({ page, request, site, checkA11y }) => {
    // Four pages and dialog states each get an axe run.
    test.slow();
    const [first] = await upcomingEvents(request, site.apiBaseUrl);
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    const card = page.getByRole('article', { name: first!.title });
    await expect(card).toContainText('Kenya');
    await expect(card).toContainText(/KES [\d,]+/);
    await checkA11y(page);

    await card.getByRole('link', { name: `Book Now: ${first!.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${first!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByText('Start date')).toBeVisible();
    await expect(page.getByText('Class duration')).toBeVisible();
    await checkA11y(page);

    const opener = page.getByRole('button', { name: 'Book Event' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book this event' });
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await expect(dialog.getByText('+ 254')).toBeVisible();
    await checkA11y(page);

    await fillByLabel(dialog, { 'Full name': 'Peter Kiprono', Email: 'peter.kiprono@example.co.ke', 'Phone number': '0722 000 111' });
    const confirm = dialog.getByRole('button', { name: 'Confirm Booking' });
    expect(await postedBy(page, confirm, '/requests/booking/')).toMatchObject({
      contactDetails: { name: 'Peter Kiprono', email: 'peter.kiprono@example.co.ke', phone: '254722000111', contactMethod: '' },
      event: { id: first!._id, title: first!.title, startDate: first!.startDate, endDate: first!.endDate },
    });
    await expect(page.getByText('Booking Created successfully!')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Your booking has been received!' })).toBeVisible();
    await checkA11y(page);

    await dialog.getByRole('button', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(`${site.origin}/`);
    await expect(dialog).toBeHidden();
  });

  test('the home page lists upcoming events that lead to their pages', { tag: '@journey' }, async ({ page, request, site }) => {
    const [first] = await upcomingEvents(request, site.apiBaseUrl);
    await page.goto('/');
    // Scrolled to, as a reader does: a page rendered in the browser loads the list as it nears the screen.
    await page.getByRole('region', { name: 'Upcoming Forums' }).scrollIntoViewIfNeeded();
    const arrow = page.getByRole('link', { name: `View event: ${first!.title}` });
    await expect(arrow).toBeVisible();
    await arrow.click();
    await expect(page).toHaveURL(new RegExp(`/event/${first!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
  });

  test('the events page is readable on a 375 px screen', async ({ page, checkA11y }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/events');
    await expect(page.getByRole('link', { name: /^Book Now/ }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkA11y(page);
  });
});
