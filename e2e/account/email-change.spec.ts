import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail, type NewCustomer } from '../support/fixtures';

// The profile form never says whether another account uses an email: a new email takes effect only from the
// link mailed to it, needs the current password, and the old address is told, with a link that undoes it.

/** The newest mail to `email` whose subject matches, read from the test-mode outbox as it arrives. */
async function mailTo(request: APIRequestContext, apiBaseUrl: string, email: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${apiBaseUrl}test/outbox`, { params: { email } });
        const { messages } = (await answer.json()) as { messages: { subject: string; text: string }[] };
        text = messages.find((message) => subject.test(message.subject))?.text ?? '';
        return text;
      },
      { message: `a mail to ${email} about ${subject}` },
    )
    .not.toBe('');
  return text;
}

const pathOf = (text: string, path: string): string => {
  const link = new RegExp(`https?://\\S+/${path}/[\\w-]+`).exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return new URL(link!).pathname;
};

async function logIn(page: Page, customer: NewCustomer, then: string) {
  const main = page.getByRole('main');
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await main.getByLabel('Email Address').fill(customer.email);
  await main.getByLabel('Password').fill(customer.password);
  await main.getByRole('button', { name: 'Log In' }).click();
}

// Journeys of many steps (a registration, two mails, a confirmation): on a busy machine, with PostgreSQL, they
// take longer than the suite's 45 s.
test.describe.configure({ timeout: 120_000 });

test(
  'a customer moves to a new email with the current password; the old address is told at the request and at the change',
  { tag: '@journey' },
  async ({ page, request, site, registerCustomer, checkA11y }) => {
    const customer = await registerCustomer();
    const newEmail = uniqueEmail('moved');
    const main = page.getByRole('main');

    await logIn(page, customer, '/edit-profile');
    await expect(main.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await main.getByRole('button', { name: 'Edit profile details' }).click();
    await expect(main.getByLabel('Current Password')).toHaveCount(0);
    await main.getByLabel('Email Address').fill(newEmail);
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Enter your current password to change your email.')).toBeVisible();
    await checkA11y(page);

    await main.getByLabel('Current Password').fill('not-the-password');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByRole('alert').filter({ hasText: 'Your current password is not correct.' })).toBeVisible();

    await main.getByLabel('Current Password').fill(customer.password);
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText(`We sent a link to ${newEmail}`)).toBeVisible();
    await expect(main.getByLabel('Email Address')).toHaveValue(customer.email);

    const told = await mailTo(request, site.apiBaseUrl, customer.email, /asked to change the email/);
    expect(told).toContain(newEmail);
    pathOf(told, 'undo-email-change');

    await page.goto(pathOf(await mailTo(request, site.apiBaseUrl, newEmail, /Confirm your new email/), 'confirm-email'));
    await main.getByRole('button', { name: 'Confirm New Email' }).click();
    await expect(main.getByRole('heading', { name: 'Email Updated' })).toBeVisible();
    await checkA11y(page);
    // This browser confirmed it, so it stays signed in.
    await main.getByRole('link', { name: 'Go to My Profile' }).click();
    await expect(main.getByText(newEmail)).toBeVisible();

    const changed = await mailTo(request, site.apiBaseUrl, customer.email, /email of your account was changed/);
    expect(changed).toContain(newEmail);
    expect(changed).toContain('7 days');
  },
);

test('the old address undoes a change it did not ask for: the email stays, every device is logged out', async ({
  page,
  request,
  site,
  registerCustomer,
  checkA11y,
}) => {
  const customer = await registerCustomer({ firstname: 'Njeri', lastname: 'Wambui' });
  const header = page.getByRole('banner');
  const main = page.getByRole('main');
  // Someone with the customer's session and password asks to move the account to their own address.
  const { token } = (await (await request.post(`${site.apiBaseUrl}user/login`, { data: customer })).json()) as { token: string };
  const asked = await request.put(`${site.apiBaseUrl}user/edit-user`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstname: 'Njeri', lastname: 'Wambui', email: uniqueEmail('thief'), mobile: '712345678', currentPassword: customer.password },
  });
  expect(asked.ok()).toBeTruthy();

  await logIn(page, customer, '/my-profile');
  await expect(header.getByRole('link', { name: 'My Account' })).toBeVisible();
  await page.goto(pathOf(await mailTo(request, site.apiBaseUrl, customer.email, /asked to change the email/), 'undo-email-change'));
  await expect(main.getByRole('heading', { name: 'Undo the Email Change' })).toBeVisible();
  await checkA11y(page);
  await main.getByRole('button', { name: 'Undo Email Change' }).click();
  await expect(main.getByRole('heading', { name: 'Email Change Undone' })).toBeVisible();
  await expect(main.getByRole('status')).toContainText(customer.email);
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
  await checkA11y(page);

  expect((await request.get(`${site.apiBaseUrl}user/getuser`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await main.getByRole('link', { name: 'Choose a new password' }).click();
  await expect(main.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('a signed-in customer changes the password from My Profile; other devices are logged out', async ({
  page,
  request,
  site,
  registerCustomer,
  checkA11y,
}) => {
  const customer = await registerCustomer({ firstname: 'Kiprop', lastname: 'Rotich' });
  const main = page.getByRole('main');
  const elsewhere = (await (await request.post(`${site.apiBaseUrl}user/login`, { data: customer })).json()) as { token: string };

  await logIn(page, customer, '/my-profile');
  await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await main.getByRole('region', { name: 'Security' }).getByRole('link', { name: 'Change Password' }).click();
  await expect(main.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await checkA11y(page);

  await main.getByLabel('Current Password').fill(customer.password);
  await main.getByLabel('New Password', { exact: true }).fill('password123');
  await main.getByLabel('Confirm New Password').fill('password123');
  await main.getByRole('button', { name: 'Change Password' }).click();
  await expect(main.getByText('This password is too easy to guess. Please choose another.')).toBeVisible();
  await checkA11y(page);

  await main.getByLabel('Current Password').fill('not-the-password');
  await main.getByLabel('New Password', { exact: true }).fill('Chai-and-mandazi-2027');
  await main.getByLabel('Confirm New Password').fill('Chai-and-mandazi-2027');
  await main.getByRole('button', { name: 'Change Password' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'Your current password is not correct.' })).toBeVisible();

  await main.getByLabel('Current Password').fill(customer.password);
  await main.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.locator('.Toastify').getByText('Password Updated Successfully', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(main.getByText(customer.email)).toBeVisible();

  expect((await request.get(`${site.apiBaseUrl}user/getuser`, { headers: { Authorization: `Bearer ${elsewhere.token}` } })).status()).toBe(401);
  expect((await request.post(`${site.apiBaseUrl}user/login`, { data: customer })).status()).toBe(401);
  expect((await request.post(`${site.apiBaseUrl}user/login`, { data: { ...customer, password: 'Chai-and-mandazi-2027' } })).status()).toBe(200);
});
