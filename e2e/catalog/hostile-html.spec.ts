import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { seededCourses, upcomingEvents } from './catalog-data';

// A page's code and data can take a while on a busy machine; an assertion waits for them this long.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Every way a description could try to run code. */
const HOSTILE_HTML = [
  '<p>Hostile description</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
  '<svg onload="window.__pwned = \'svg\'"></svg>',
  '<a href="javascript:window.__pwned=\'link\'">Click me</a>',
  '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
  '<div onmouseover="window.__pwned = \'hover\'">Hover me</div>',
].join('');

async function expectNothingRan(page: Page, region: string) {
  const html = page.getByRole('region', { name: region });
  await expect(html.getByText('Hostile description')).toBeVisible();
  await html.getByText('Hover me').hover();
  await html.getByText('Click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(await html.locator('script, iframe, [onerror], [onload], [onmouseover]').count()).toBe(0);
  expect(await html.getByText('Click me').getAttribute('href')).toBeNull();
}

test.describe('hostile HTML in descriptions', () => {
  test('a course description renders without running scripts or handlers', async ({ page, request, site }) => {
    const [first] = await seededCourses(request, site.apiBaseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route(`${site.apiBaseUrl}course/${first!._id}`, async (route) => {
      const response = await route.fetch();
      const course = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...course, description: HOSTILE_HTML, whatYouWillEarn: [HOSTILE_HTML] } });
    });
    await page.goto(`/course/${first!._id}`);
    await expectNothingRan(page, 'About Course');
    expect(dialogs).toEqual([]);
  });

  test('an event description renders without running scripts or handlers, on the list and the page', async ({
    page,
    request,
    site,
  }) => {
    const [first] = await upcomingEvents(request, site.apiBaseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route(`${site.apiBaseUrl}event/${first!._id}`, async (route) => {
      const response = await route.fetch();
      const { data } = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { data: { ...data, description: HOSTILE_HTML } } });
    });
    await page.route(`${site.apiBaseUrl}event`, async (route) => {
      const response = await route.fetch();
      const { data } = (await response.json()) as { data: Array<Record<string, unknown>> };
      await route.fulfill({ response, json: { data: data.map((event) => ({ ...event, description: HOSTILE_HTML })) } });
    });

    await page.goto('/events');
    const card = page.getByRole('article', { name: first!.title });
    await expect(card.getByText('Hostile description')).toBeVisible();
    expect(await page.locator('main script, main [onerror], main [onload]').count()).toBe(0);

    await page.goto(`/event/${first!._id}`);
    await expectNothingRan(page, 'Overview');
    expect(dialogs).toEqual([]);
  });
});
