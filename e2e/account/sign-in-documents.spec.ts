// Log in, register, forgot-password and a reset link's page are documents with islands (docs/composition.md, "Islands"): their card is
// in the first answer, typeable at the paint, and its code comes at the visitor's first touch. Here with every
// script held, as a phone on a slow link has the page: nothing typed is lost, a press on the button is carried out
// once when the code lands, and the way between log in and register keeps where the visitor was going.
import type { Request } from '@playwright/test';
import { patientExpect as expect, test } from '../support/fixtures';
import { holdScripts } from '../support/islands';

const postsTo = (requests: Request[], path: string) => requests.filter((sent) => sent.method() === 'POST' && new URL(sent.url()).pathname.endsWith(path));

test('a customer types and logs in before the page’s code is in: one login, once the code lands, and on to where they were going', async ({
  page,
  registerCustomer,
}) => {
  const { email, password } = await registerCustomer({ firstname: 'Njeri', lastname: 'Mwangi' });
  const requests: Request[] = [];
  page.on('request', (sent) => requests.push(sent));
  const release = await holdScripts(page);
  await page.goto('/login?redirect=%2Fmy-orders');
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill(email);
  await main.getByLabel('Password').fill(password);
  const logIn = main.getByRole('button', { name: 'Log In' });
  await logIn.click();
  await expect(logIn).toHaveAttribute('aria-busy', 'true');
  expect(postsTo(requests, '/user/login')).toHaveLength(0);
  release();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(main.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  // What the login said is read on the page it loaded.
  await expect(page.locator('.Toastify').getByText('User Logged in Successfully!')).toBeVisible();
  expect(postsTo(requests, '/user/login')).toHaveLength(1);
});

test('sent to log in, a new visitor who follows “Create an account” before any code keeps where they were going', async ({ page }) => {
  await holdScripts(page);
  await page.goto('/login?redirect=%2Fcart');
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fcart$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /\/login\?redirect=%2Fcart$/);
  // Typeable at once, its code not in yet.
  await main.getByLabel('First Name').fill('Wanjiru');
  await expect(main.getByLabel('First Name')).toHaveValue('Wanjiru');
  await expect(main.locator('[data-island]')).not.toHaveAttribute('data-island-state', 'ready');
});

test('a reset link asked for before the page’s code is in is asked for once, when it lands', async ({ page }) => {
  const requests: Request[] = [];
  page.on('request', (sent) => requests.push(sent));
  const release = await holdScripts(page);
  await page.goto('/forgot-password');
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill('someone@example.co.ke');
  await main.getByLabel('Email Address').press('Enter');
  await expect(main.getByRole('button', { name: 'Send Reset Link' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(main.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  expect(postsTo(requests, '/user/forgot-password-token')).toHaveLength(1);
});

test('a reset link opens its one document, typeable before any code; the new password is set once the code lands, and works', async ({
  page,
  request,
  site,
  registerCustomer,
  readLatestMail,
}) => {
  const { email } = await registerCustomer({ firstname: 'Achieng', lastname: 'Otieno' });
  await request.post(`${site.apiBaseUrl}user/forgot-password-token`, { data: { email } });
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec((await readLatestMail(email)).text)?.[0];
  expect(link, 'the mailed link').toBeTruthy();
  const path = new URL(link!).pathname;
  // The same document for every link, with no token in it, no search result.
  const answer = await request.get(`${site.origin}${path}`);
  expect(answer.headers()['x-robots-tag']).toBe('noindex');
  const html = await answer.text();
  expect(html).toContain('id="prerendered-page"');
  expect(html).not.toContain(path.split('/').at(-1)!);

  const requests: Request[] = [];
  page.on('request', (sent) => requests.push(sent));
  const release = await holdScripts(page);
  await page.goto(path);
  const main = page.getByRole('main');
  await main.getByLabel('New Password', { exact: true }).fill('FreshMangoes2026');
  await main.getByLabel('Confirm New Password').fill('FreshMangoes2026');
  const update = main.getByRole('button', { name: 'Update Password' });
  await update.click();
  await expect(update).toHaveAttribute('aria-busy', 'true');
  const resets = () => requests.filter((sent) => sent.method() === 'PUT' && new URL(sent.url()).pathname.includes('/user/reset-password/'));
  expect(resets()).toHaveLength(0);
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.Toastify').getByText('Password Updated Successfully')).toBeVisible();
  expect(resets()).toHaveLength(1);
  expect(new URL(resets()[0]!.url()).pathname).toMatch(new RegExp(`${path}$`));
  const login = await request.post(`${site.apiBaseUrl}user/login`, { data: { email, password: 'FreshMangoes2026' } });
  expect(login.ok()).toBe(true);
});
