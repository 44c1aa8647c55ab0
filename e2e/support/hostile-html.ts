import { expect, type Locator, type Page } from '@playwright/test';

/** Every way a server description could try to run code in the visitor's browser. */
export const HOSTILE_HTML = [
  '<p>Hostile description</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
  '<svg onload="window.__pwned = \'svg\'"></svg>',
  '<a href="javascript:window.__pwned=\'link\'">Click me</a>',
  '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
  '<div onmouseover="window.__pwned = \'hover\'">Hover me</div>',
].join('');

/** The description in `container` shows its text, and nothing in it ran, even when hovered and clicked. */
export async function expectHostileHtmlInert(page: Page, container: Locator): Promise<void> {
  await expect(container.getByText('Hostile description')).toBeVisible({ timeout: 20_000 });
  await container.getByText('Hover me').hover();
  await container.getByText('Click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(await container.locator('script, iframe, [onerror], [onload], [onmouseover]').count()).toBe(0);
  expect(await container.getByText('Click me').getAttribute('href')).toBeNull();
}
