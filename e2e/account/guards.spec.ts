import { expect, test } from '../support/fixtures';

test('a signed-out visitor is sent to log in and comes back to the page', { tag: '@journey' }, async ({ page, registerCustomer }) => {
  const { email, password } = await registerCustomer({ firstname: 'Otieno', lastname: 'Achieng', mobile: '722000111' });

  await page.goto('/my-orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-orders$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Please log in to continue to your account.')).toBeVisible();
  await main.getByLabel('Email Address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(main.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(main.getByRole('status', { name: 'No orders yet' })).toBeVisible();
});

test('a rejected token signs the customer out with a clear message', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'customer',
      JSON.stringify({ _id: 'gone', token: 'expired-token', firstname: 'Old', lastname: 'Session', email: 'old@example.co.ke', mobile: '700000000' }),
    ),
  );
  await page.goto('/cart');
  await expect(page.locator('.Toastify').getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
});
