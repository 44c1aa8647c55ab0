import { expect, test } from '../support/fixtures';
import { seededPosts } from './content-support';

test('from the home page to a blog post and on to a related post', { tag: '@journey' }, async ({ page, request, site }) => {
  const posts = await seededPosts(request, site.apiBaseUrl);
  const first = posts.find((post) => post.category === 'col-1')!;

  await page.goto('/');
  // Down to the footer, as a reader does: a page rendered in the browser loads this section as it nears the screen.
  // Once the page is there: a footer scrolled to over an empty page leaves the section far below the screen.
  await page.getByRole('region', { name: 'Upcoming Forums' }).scrollIntoViewIfNeeded();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const blogSection = page.getByRole('region', { name: 'From Our Blog' });
  await blogSection.scrollIntoViewIfNeeded();
  await blogSection.getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${first._id}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page).toHaveTitle(`${first.title} | Mavuno Agri-Food Consultants`);
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();

  const related = main.getByRole('complementary', { name: 'Related Posts' });
  const readMore = related.getByRole('link', { name: /^Read More/ });
  await expect(readMore).toHaveCount(2);
  const next = (await related.getByRole('heading', { level: 3 }).first().textContent())!;
  await readMore.first().click();
  await expect(main.getByRole('heading', { level: 1, name: next })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/blog/${first._id}$`));
});

test('the blog breadcrumb shows only at 768 px and wider', async ({ page, request, site }) => {
  const [post] = await seededPosts(request, site.apiBaseUrl);
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto(`/blog/${post!._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
});
