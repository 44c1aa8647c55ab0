// A click must never be lost (issue 38): with the code field focused, the press on "Resend Code" takes the focus
// out of it, and the field's message used to appear above the buttons at once, pushing them down, so that the
// release landed beside the button and no click happened. Playwright presses and releases at one point, as a
// hand does: the resend must go once.
import { expect, test, uniqueEmail } from '../support/fixtures';

test('on the registration’s code step, with the code field focused, one click on Resend Code sends one new code', async ({ page }) => {
  const registerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/user/register')) registerCalls.push(request.url());
  });
  const main = page.getByRole('main');
  await page.goto('/register');
  await main.getByLabel('First Name').fill('Wanjiku');
  await main.getByLabel('Last Name').fill('Kamau');
  await main.getByLabel('Email Address').fill(uniqueEmail('lost-click'));
  await main.getByLabel('Mobile Number').fill('712345678');
  await main.getByLabel('Password').fill('Mavuno!2026secure');
  await main.getByRole('button', { name: 'Create Account' }).click();
  const code = main.getByLabel('Verification Code (OTP)');
  await expect(code).toBeFocused();
  expect(registerCalls).toHaveLength(1);

  await main.getByRole('button', { name: 'Resend Code' }).click();
  await expect(page.locator('.Toastify').getByText('OTP has been resent to your email', { exact: true })).toBeVisible();
  // The message of the field left shows once the click was handled.
  await expect(main.getByText('OTP is Required')).toBeVisible();
  expect(registerCalls).toHaveLength(2);
});
