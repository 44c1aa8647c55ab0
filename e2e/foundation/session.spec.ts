import { expect, test } from '../support/fixtures';

test('signing in on the account remote shows at once in the shell header', async ({ page, request, site, readOtp }) => {
  const email = `frame-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`;
  const password = 'Mavuno!2026secure';
  const register = await request.post(`${site.apiBaseUrl}user/register`, {
    data: { firstname: 'Wanjiku', lastname: 'Kamau', email, mobile: '712345678', password },
  });
  expect(register.ok()).toBeTruthy();
  const verify = await request.post(`${site.apiBaseUrl}user/verify-otp`, { data: { email, otp: await readOtp(email) } });
  expect(verify.ok()).toBeTruthy();

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
