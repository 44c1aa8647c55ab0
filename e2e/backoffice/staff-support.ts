// The back office's suites: staff made as the business makes them (the terminal's `npm run staff`, then the
// invitation link in the browser), and their sign-ins with codes an authenticator app would show.
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { spawnApi } from '../../tooling/serve/api-process.mjs';
import { externalSite } from '../support/site-ports.mjs';
import { expect, uniqueEmail, type Harness } from '../support/fixtures';

export const STAFF_PASSWORD = 'Back-office-2026!';

export interface SignedUpStaff {
  email: string;
  secret: string;
  /** Each sign-in uses the next 30-second step's code: a code works once. */
  steps: number;
  /** The recovery codes shown at enrolment: a second sign-in within a minute uses one (the app's codes are a step apart). */
  recoveryCodes: string[];
}

/** Staff suites need the harness's API (its secret and its test outbox), not any running site. */
export const skipOnExternalSite = () => Boolean(externalSite);

/** `npm run staff -- add <email> --role <role>` on the machine of the harness's API. */
export function inviteFromTerminal(harness: Harness, email: string, role: 'admin' | 'staff'): Promise<string> {
  const cli = spawnApi(
    { PATH: process.env.PATH, STAFF_API_URL: harness.urlOf('api'), JWT_SECRET_FILE: harness.apiSecretFile },
    { script: 'src/staff/staff-cli.ts', args: ['add', email, '--role', role], stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  let complained = '';
  cli.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  cli.stderr!.on('data', (chunk: Buffer) => (complained += chunk.toString()));
  return new Promise((resolve, reject) => {
    cli.on('error', reject);
    cli.on('close', (code) => (code === 0 ? resolve(printed) : reject(new Error(`${printed}${complained}`))));
  });
}

export const codeFor = (secret: string, steps: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * A new member, from the terminal's invitation to the inbox, through the pages: the link in the mail, a
 * password, the authenticator (its key read off the page, as a person types it into the app), the recovery
 * codes. The page is left signed in, on the inbox.
 */
export async function joinTheTeam(
  page: Page,
  { harness, readLatestMail }: { harness: Harness; readLatestMail: (email: string) => Promise<{ text: string }> },
  role: 'admin' | 'staff' = 'admin',
): Promise<SignedUpStaff> {
  const email = uniqueEmail(`staff-${role}`);
  await inviteFromTerminal(harness, email, role);
  const link = /(http\S+\/staff\/invitation\/[\w-]+)/.exec((await readLatestMail(email)).text)?.[1];
  expect(link, 'the invitation link in the mail').toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Welcome to the team' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('Password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.staff-secret').textContent())!.trim();
  await page.getByLabel('The 6-digit code the app shows').fill(codeFor(secret, 0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const recoveryCodes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  const kept = (await recoveryCodes.allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have kept them: continue' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  return { email, secret, steps: 0, recoveryCodes: kept };
}

/** Signs a member in at /staff/login with the password and the app's next code, or the next recovery code. */
export async function signIn(page: Page, staff: SignedUpStaff, next = '/staff/leads', { withRecoveryCode = false } = {}): Promise<void> {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  if (withRecoveryCode) {
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(staff.recoveryCodes.shift()!);
  } else {
    staff.steps += 1;
    await page.getByLabel('The 6-digit code from your authenticator app').fill(codeFor(staff.secret, staff.steps));
  }
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}
