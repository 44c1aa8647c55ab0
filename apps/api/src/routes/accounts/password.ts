import { Hono, type Context } from 'hono';
import { changePasswordRequestSchema, forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@agri/api-client/contract';
import { refuseCommonPassword } from '../../accounts/common-passwords';
import { customerByEmail, customerById, setPasswordHash } from '../../accounts/customers';
import { newOneTimeToken, sha256 } from '../../accounts/one-time-tokens';
import { insertPasswordReset, usePasswordReset } from '../../accounts/password-resets';
import { closeEveryDoor } from '../../accounts/secure-account';
import { readBody, requireCustomer, sourceOf, type AuthEnv } from '../../http';
import { HttpError, notFound } from '../../http-error';
import { refuseOver } from '../../rate-limit';
import { mailLine } from '../../mail';
import type { Services } from '../../services';
import { proveCurrentPassword } from './current-password';

const RESET_TTL_MS = 60 * 60 * 1000;
const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully';

/**
 * A forgotten password: a single-use link mailed on request (POST forgot-password-token), then PUT
 * reset-password/{token}. A signed-in customer changes it with the current one (PUT change-password).
 * A new password ends the other sessions and every link mailed for the account.
 */
export function passwordRoutes(services: Services): Hono<AuthEnv> {
  const { db, mailer, sessions, limits, config } = services;
  const signedIn = requireCustomer(services);

  async function forgotPassword(c: Context) {
    refuseOver(await limits.otp.hit(sourceOf(c, services)));
    const { email } = await readBody(c, forgotPasswordRequestSchema);
    const address = email.toLowerCase();
    // The per-address cap is counted for every address asked about, so its 429 tells nothing of who has an account.
    refuseOver(await limits.mailsPerAddress.hit(address));
    const row = await customerByEmail(db, address);
    if (row) {
      const reset = newOneTimeToken();
      await insertPasswordReset(db, { tokenHash: reset.hash, customerId: row.id, expiresAt: new Date(Date.now() + RESET_TTL_MS).toISOString() });
      await mailer.send({
        to: row.email,
        subject: 'Reset your password',
        text: `Hello ${mailLine(row.firstname)},\n\nReset your password within one hour with this link (it works once):\n${config.siteUrl}/reset-password/${reset.token}\n\nIf you did not ask for this, ignore this email.`,
      });
    }
    // The same answer for unknown emails, so the form does not reveal who has an account.
    return c.json({ message: 'If that email is registered, a password reset link has been sent to it' });
  }

  async function resetPassword(c: Context) {
    const { password } = await readBody(c, resetPasswordRequestSchema);
    await refuseCommonPassword(password);
    const passwordHash = await services.passwords.hash(password);
    const updated = await db.transaction(async (tx) => {
      const customerId = await usePasswordReset(tx, sha256(c.req.param('token')!));
      if (!customerId) return false;
      await setPasswordHash(tx, customerId, passwordHash);
      await closeEveryDoor(tx, sessions, customerId);
      return true;
    });
    if (!updated) throw new HttpError(400, 'The reset link is invalid or has expired');
    return c.json({ message: PASSWORD_UPDATED_MESSAGE });
  }

  async function changePassword(c: Context<AuthEnv>) {
    const { currentPassword, password } = await readBody(c, changePasswordRequestSchema);
    await refuseCommonPassword(password);
    const { id, sessionId } = c.get('customer');
    const customer = await customerById(db, id);
    if (!customer) throw notFound('User');
    await proveCurrentPassword(services, c, customer, currentPassword);
    const passwordHash = await services.passwords.hash(password);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, id, passwordHash);
      await closeEveryDoor(tx, sessions, id, sessionId);
    });
    return c.json({ message: PASSWORD_UPDATED_MESSAGE });
  }

  return new Hono<AuthEnv>()
    .post('/forgot-password-token', forgotPassword)
    .put('/reset-password/:token', resetPassword)
    .put('/change-password', signedIn, changePassword);
}
