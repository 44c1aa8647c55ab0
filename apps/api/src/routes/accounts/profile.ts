import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { profileSchema } from '@agri/api-client/contract';
import { customerById, emailHasAccount, moveEmail, toCustomer, updateNames, type CustomerRow } from '../../accounts/customers';
import { insertEmailChange, useEmailChange } from '../../accounts/email-changes';
import { sha256 } from '../../accounts/tokens';
import { answer } from '../../dialect';
import { clientAddress, HttpError, notFound, readBody, requireCustomer, type AuthEnv } from '../../http';
import { refuseOver } from '../../rate-limit';
import type { Services } from '../../services';
import { mailerWithCap } from './account-mail';

const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;
const EMAIL_CHANGED_MESSAGE = 'Email updated successfully';
const emailChangeSentMessage = (email: string) =>
  `Profile saved. We sent a link to ${email}: your email changes when you follow it.`;

/**
 * The profile (PUT edit-user) and the email change it may start: a new email takes effect only from a
 * link mailed to it (PUT confirm-email/{token}), so the form never tells whether an email has an account.
 */
export function profileRoutes(services: Services): Hono<AuthEnv> {
  const { db, limits, config } = services;
  const signedIn = requireCustomer(services);
  const mailTo = mailerWithCap(services);

  /** Mails the new address a confirmation link, or, if an account already uses it, a notice to its owner. */
  async function requestEmailChange(customer: CustomerRow, email: string): Promise<void> {
    if (await emailHasAccount(db, email)) {
      await mailTo(email, {
        subject: 'Someone tried to use your email address',
        text: `Hello,\n\nSomeone asked to move another account to this email address, which already has an account with us. Nothing was changed.\n\nIf it was not you, you need not do anything.`,
      });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await insertEmailChange(db, {
      tokenHash: sha256(token),
      customerId: customer.id,
      newEmail: email,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS).toISOString(),
    });
    await mailTo(email, {
      subject: 'Confirm your new email address',
      text: `Hello ${customer.firstname},\n\nConfirm that this is your new email address within one hour with this link (it works once):\n${config.siteUrl}/confirm-email/${token}\n\nUntil then your account keeps its old address. If you did not ask for this, ignore this email.`,
    });
  }

  async function editUser(c: Context<AuthEnv>) {
    const profile = await readBody(c, profileSchema);
    const current = await customerById(db, c.get('customer').id);
    const row = current && (await updateNames(db, current.id, profile));
    if (!current || !row) throw notFound('User');
    const email = profile.email.toLowerCase();
    if (email === current.email) return answer(c, config.dialect, toCustomer(row));
    await requestEmailChange(row, email);
    // The same answer whether or not another account uses the address: only its owner's mailbox learns.
    const pending = { ...toCustomer(row), pendingEmail: email };
    return answer(c, config.dialect, { ...pending, message: emailChangeSentMessage(email) }, () => pending);
  }

  async function confirmEmail(c: Context) {
    refuseOver(await limits.otp.hit(clientAddress(c, config.trustedProxyHops)));
    const customer = await db.transaction(async (tx) => {
      const change = await useEmailChange(tx, sha256(c.req.param('token')!));
      return change ? moveEmail(tx, change.customer_id, change.new_email) : undefined;
    });
    if (!customer) throw new HttpError(400, 'This link is invalid or has expired');
    return answer(c, config.dialect, { message: EMAIL_CHANGED_MESSAGE, user: toCustomer(customer) });
  }

  return new Hono<AuthEnv>().put('/edit-user', signedIn, editUser).put('/confirm-email/:token', confirmEmail);
}
