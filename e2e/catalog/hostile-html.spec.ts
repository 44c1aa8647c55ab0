import { expect as baseExpect, test } from '../support/fixtures';
import { HOSTILE_HTML, expectHostileHtmlInert } from '../support/hostile-html';
import { seededCourses, upcomingEvents } from './catalog-data';

// A page's code and data can take a while on a busy machine; an assertion waits for them this long.
const expect = baseExpect.configure({ timeout: 20_000 });

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
    await expectHostileHtmlInert(page, page.getByRole('region', { name: 'About Course' }));
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
    await expectHostileHtmlInert(page, page.getByRole('region', { name: 'Overview' }));
    expect(dialogs).toEqual([]);
  });
});
