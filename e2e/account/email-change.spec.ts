import { expect, test, uniqueEmail } from '../support/fixtures';

// The profile form never says whether another account uses an email: a new email takes effect only
// from the link mailed to it.
test('a customer moves to a new email through the link mailed to it', { tag: '@journey' }, async ({ page, registerCustomer, readLatestMail }) => {
  const customer = await registerCustomer();
  const newEmail = uniqueEmail('moved');
  const main = page.getByRole('main');

  await page.goto('/login?redirect=%2Fedit-profile');
  await main.getByLabel('Email Address').fill(customer.email);
  await main.getByLabel('Password').fill(customer.password);
  await main.getByRole('button', { name: 'Log In' }).click();
  await expect(main.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();

  await main.getByRole('button', { name: 'Edit profile details' }).click();
  await main.getByLabel('Email Address').fill(newEmail);
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByText(`We sent a link to ${newEmail}`)).toBeVisible();
  await expect(main.getByLabel('Email Address')).toHaveValue(customer.email);

  const mail = await readLatestMail(newEmail);
  const link = /https?:\/\/\S+\/confirm-email\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await main.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(main.getByRole('heading', { name: 'Email Updated' })).toBeVisible();
  await main.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(main.getByText(newEmail)).toBeVisible();
});
