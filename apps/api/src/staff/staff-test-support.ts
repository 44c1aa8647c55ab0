import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '@agri/api-client/staff-contract';
import { createServices } from '../services';
import { configuredMailer } from '../app';
import type { TestApi } from '../test-support';
import { inviteStaff } from './invitations';

export const STAFF_PASSWORD = 'Back-office-2026!';

export interface TestStaff {
  id: string;
  email: string;
  token: string;
  /** The authenticator's secret, to make codes as the app would. */
  secret: string;
  /** The code the first sign-in confirmed the authenticator with: used, so refused from then on. */
  setupCode: string;
  recoveryCodes: string[];
}

/** The code an authenticator app shows for `secret`, `steps` steps of 30 s from now. */
export const codeFor = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

let count = 0;
export const staffEmail = (prefix = 'staff') => `${prefix}-${Date.now()}-${++count}@mavuno.test`;

/** The invitation link last mailed to `email`. */
export async function invitationTokenOf(api: TestApi, email: string): Promise<string> {
  const [mail] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
  const token = mail?.body.match(/\/staff\/invitation\/([\w-]+)/)?.[1];
  assert.ok(token, `an invitation mailed to ${email}`);
  return token;
}

/** Invites a member (as the terminal would), then goes through the first sign-in as the pages do. */
export async function addStaff(api: TestApi, role: StaffRole = 'staff', email = staffEmail(role)): Promise<TestStaff> {
  const member = await inviteStaff(createServices(api.db, api.config, configuredMailer(api.db, api.config)), { id: null, email: 'test' }, email, role);
  const invitation = await invitationTokenOf(api, email);
  const accepted = await api.call('POST', `/api/staff/invitation/${invitation}`, { body: { password: STAFF_PASSWORD } });
  assert.equal(accepted.status, 200, await accepted.clone().text());
  const { token: setupToken, totp } = (await accepted.json()) as { token: string; totp: { secret: string } };
  const setupCode = codeFor(totp.secret);
  const confirmed = await api.call('POST', '/api/staff/session/totp-setup', { token: setupToken, body: { code: setupCode } });
  assert.equal(confirmed.status, 200, await confirmed.clone().text());
  const { token, recoveryCodes } = (await confirmed.json()) as { token: string; recoveryCodes: string[] };
  return { id: member.id, email, token, secret: totp.secret, setupCode, recoveryCodes };
}
