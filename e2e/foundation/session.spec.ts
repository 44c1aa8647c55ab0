import { expect, test } from '../support/fixtures';

test('signing in on the account remote shows at once in the shell header', { tag: '@journey' }, async ({ page, registerCustomer }) => {
  const { email, password } = await registerCustomer();

  await page.goto('/login');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel(/email/i).fill(email);
  await main.getByLabel(/^password/i).fill(password);
  await main.getByRole('button', { name: /log in/i }).click();

  await expect(header.getByRole('link', { name: /my account/i })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('customer') ?? 'null'));
  expect(stored).toMatchObject({ email });
});

test('a returning customer sees the cart count in the header after a reload', { tag: '@journey' }, async ({ page, request, site, registerCustomer }) => {
  const { email, password } = await registerCustomer({ firstname: 'Otieno', lastname: 'Achieng', mobile: '722334455' });
  const customer = await (await request.post(`${site.apiBaseUrl}user/login`, { data: { email, password } })).json();
  const courses = await (await request.get(`${site.apiBaseUrl}course`)).json();
  const added = await request.post(`${site.apiBaseUrl}user/cart`, {
    headers: { Authorization: `Bearer ${customer.token ?? customer.user?.token}` },
    data: { courseId: courses[0]._id, quantity: 1 },
  });
  expect(added.ok()).toBeTruthy();

  await page.addInitScript((stored) => localStorage.setItem('customer', stored), JSON.stringify(customer));
  // The signed-in header (cart, account, menu) still fits a 375 px phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/my-profile');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
