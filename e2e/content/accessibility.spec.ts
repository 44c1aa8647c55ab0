import { expect, test } from '../support/fixtures';
import { seededPosts } from './content-support';

const pages = ['/', '/about', '/blogs', '/faqs', '/contact', '/privacy-policy', '/term-conditions'];

test.describe('no WCAG 2.1 A or AA violations', () => {
  for (const width of [1280, 375]) {
    for (const path of pages) {
      test(`${path} at ${width} px`, async ({ page, checkA11y }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await checkA11y(page);
      });
    }
  }

  test('a blog post', async ({ page, request, site, checkA11y }) => {
    const [post] = await seededPosts(request, site.apiBaseUrl);
    await page.goto(`/blog/${post!._id}`);
    await expect(page.getByRole('complementary', { name: 'Related Posts' }).getByRole('link').first()).toBeVisible();
    await checkA11y(page);
  });

  test('the open side menu and the open video', async ({ page, checkA11y }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');

    // The film itself comes from the video host; only the dialog around it is checked.
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Video</title>' }));
    await page.getByRole('button', { name: 'Play our introduction video' }).click();
    const video = page.getByRole('dialog', { name: 'Introduction to Mavuno Agri-Food Consultants' });
    await expect(video).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(video).toHaveCount(0);
  });
});
