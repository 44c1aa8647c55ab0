import { Hono, type Context } from 'hono';
import { CURRENT_PASSWORD_REQUIRED_MESSAGE, editUserRequestSchema } from '@agri/api-client/contract';
import { customerById, emailHasAccount, moveEmail, toCustomer, updateNames, type CustomerRow } from '../../accounts/customers';
import { insertEmailChange, insertEmailChangeUndo, useEmailChange, useEmailChangeUndo } from '../../accounts/email-changes';
import { newOneTimeToken, sha256 } from '../../accounts/one-time-tokens';
import { closeEveryDoor } from '../../accounts/secure-account';
import { answer } from '../../dialect';
import { bearer, readBody, requireCustomer, sourceOf, type AuthEnv } from '../../http';
import { HttpError, notFound } from '../../http-error';
import { refuseOver } from '../../rate-limit';
import { mailLine } from '../../mail';
import type { Services } from '../../services';
import { mailerWithCap } from './account-mail';
import { proveCurrentPassword } from './current-password';

const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;
/** How long the old address can undo a change, as its mails say. */
const UNDO_DAYS = 7;
const EMAIL_CHANGED_MESSAGE = 'Email updated successfully';
const emailChangeSentMessage = (email: string) => `Profile saved. We sent a link to ${email}: your email changes when you follow it.`;

/** Mails the old address what happened, with a fresh link that undoes it. */
async function tellOldAddress(services: Services, customer: CustomerRow, subject: string, what: string) {
  const { db, config } = services;
  const mailTo = mailerWithCap(services);
  const undo = newOneTimeToken();
  const expiresAt = new Date(Date.now() + UNDO_DAYS * 24 * 60 * 60 * 1000);
  await insertEmailChangeUndo(db, {
    tokenHash: undo.hash,
    customerId: customer.id,
    oldEmail: customer.email,
    expiresAt: expiresAt.toISOString(),
  });
  await mailTo(customer.email, {
    subject,
    text: `Hello ${mailLine(customer.firstname)},\n\n${what}\n\nIf this was you, you need not do anything. If it was not, undo it within ${UNDO_DAYS} days with this link: it keeps this address, logs every device out and cancels the change:\n${config.siteUrl}/undo-email-change/${undo.token}\n\nThen choose a new password at ${config.siteUrl}/forgot-password.`,
  });
}

/**
 * Tells the old address, then mails the new one a confirmation link, or, if an account already uses it, a
 * notice to its owner.
 */
async function requestEmailChange(services: Services, customer: CustomerRow, email: string): Promise<void> {
  const { db, config } = services;
  const mailTo = mailerWithCap(services);
  await tellOldAddress(
    services,
    customer,
    'Someone asked to change the email of your account',
    `Someone signed in to your account asked to change its email to ${email}. It changes only if the link we sent there is followed within one hour.`,
  );
  if (await emailHasAccount(db, email)) {
    await mailTo(email, {
      subject: 'Someone tried to use your email address',
      text: `Hello,\n\nSomeone asked to move another account to this email address, which already has an account with us. Nothing was changed.\n\nIf it was not you, you need not do anything.`,
    });
    return;
  }
  const confirm = newOneTimeToken();
  await insertEmailChange(db, {
    tokenHash: confirm.hash,
    customerId: customer.id,
    newEmail: email,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS).toISOString(),
  });
  await mailTo(email, {
    subject: 'Confirm your new email address',
    text: `Hello ${mailLine(customer.firstname)},\n\nConfirm that this is your new email address within one hour with this link (it works once):\n${config.siteUrl}/confirm-email/${confirm.token}\n\nUntil then your account keeps its old address. If you did not ask for this, ignore this email.`,
  });
}

/**
 * The profile (PUT edit-user) and the email change it may start. A new email needs the current password and
 * takes effect only from a link mailed to it (PUT confirm-email/{token}), so the form never tells whether an
 * email has an account; the old address is told at the request and at the change, with a link that undoes
 * it for 7 days (PUT undo-email-change/{token}).
 */
export function profileRoutes(services: Services): Hono<AuthEnv> {
  const { db, sessions, limits, config } = services;
  const signedIn = requireCustomer(services);

  async function editUser(c: Context<AuthEnv>) {
    const { currentPassword, ...profile } = await readBody(c, editUserRequestSchema);
    const current = await customerById(db, c.get('customer').id);
    if (!current) throw notFound('User');
    const email = profile.email.toLowerCase();
    if (email !== current.email) {
      if (currentPassword === undefined) throw new HttpError(400, CURRENT_PASSWORD_REQUIRED_MESSAGE);
      await proveCurrentPassword(services, c, current, currentPassword);
    }
    const row = await updateNames(db, current.id, profile);
    if (!row) throw notFound('User');
    if (email === current.email) return answer(c, config.dialect, toCustomer(row));
    await requestEmailChange(services, row, email);
    // The same answer whether or not another account uses the address: only its owner's mailbox learns.
    const pending = { ...toCustomer(row), pendingEmail: email };
    return answer(c, config.dialect, { ...pending, message: emailChangeSentMessage(email) }, () => pending);
  }

  async function confirmEmail(c: Context) {
    refuseOver(await limits.otp.hit(sourceOf(c, services)));
    const moved = await db.transaction(async (tx) => {
      const change = await useEmailChange(tx, sha256(c.req.param('token')!));
      const before = change && (await customerById(tx, change.customer_id));
      const after = before && (await moveEmail(tx, before.id, change.new_email));
      return before && after ? { before, after } : undefined;
    });
    if (!moved) throw new HttpError(400, 'This link is invalid or has expired');
    // Every other session ends: the browser that confirms (if signed in to this account) stays signed in.
    const here = await optionalSession(c, moved.after.id);
    await sessions.revokeAll(db, moved.after.id, here);
    await tellOldAddress(services, moved.before, 'The email of your account was changed', `The email of your account was changed to ${moved.after.email}.`);
    return answer(c, config.dialect, { message: EMAIL_CHANGED_MESSAGE, user: toCustomer(moved.after) });
  }

  /** The session of the request's token, if it is one of this customer's. */
  async function optionalSession(c: Context, customerId: string): Promise<string | undefined> {
    const token = bearer(c);
    const session = token ? await sessions.verify(db, token) : null;
    return session?.ownerId === customerId ? session.sessionId : undefined;
  }

  async function undoEmailChange(c: Context) {
    refuseOver(await limits.otp.hit(sourceOf(c, services)));
    const restored = await db.transaction(async (tx) => {
      const undo = await useEmailChangeUndo(tx, sha256(c.req.param('token')!));
      if (!undo) return undefined;
      const customer = await customerById(tx, undo.customer_id);
      const back = customer?.email === undo.old_email ? customer : await moveEmail(tx, undo.customer_id, undo.old_email);
      await closeEveryDoor(tx, sessions, undo.customer_id);
      return back ?? customer;
    });
    if (!restored) throw new HttpError(400, 'This link is invalid or has expired');
    return c.json({
      message: `Your account's email is ${restored.email}. Every device was logged out: choose a new password to be safe.`,
    });
  }

  return new Hono<AuthEnv>().put('/edit-user', signedIn, editUser).put('/confirm-email/:token', confirmEmail).put('/undo-email-change/:token', undoEmailChange);
}
