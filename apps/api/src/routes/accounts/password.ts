import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@agri/api-client/contract';
import { customerByEmail, setPasswordHash } from '../../accounts/customers';
import { hashPassword } from '../../accounts/passwords';
import { insertPasswordReset, usePasswordReset } from '../../accounts/password-resets';
import { sha256 } from '../../accounts/tokens';
import { clientAddress, HttpError, readBody } from '../../http';
import { refuseOver } from '../../rate-limit';
import type { Services } from '../../services';

const RESET_TTL_MS = 60 * 60 * 1000;

/** A forgotten password: a single-use link mailed on request (POST forgot-password-token), then PUT reset-password/{token}. */
export function passwordRoutes(services: Services): Hono {
  const { db, mailer, tokens, limits, config } = services;

  async function forgotPassword(c: Context) {
    refuseOver(await limits.otp.hit(clientAddress(c, config.trustedProxyHops)));
    const { email } = await readBody(c, forgotPasswordRequestSchema);
    const row = await customerByEmail(db, email.toLowerCase());
    if (row) {
      const token = randomBytes(32).toString('base64url');
      await insertPasswordReset(db, {
        tokenHash: sha256(token),
        customerId: row.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MS).toISOString(),
      });
      await mailer.send({
        to: row.email,
        subject: 'Reset your password',
        text: `Hello ${row.firstname},\n\nReset your password within one hour with this link (it works once):\n${config.siteUrl}/reset-password/${token}\n\nIf you did not ask for this, ignore this email.`,
      });
    }
    // The same answer for unknown emails, so the form does not reveal who has an account.
    return c.json({ message: 'If that email is registered, a password reset link has been sent to it' });
  }

  async function resetPassword(c: Context) {
    const { password } = await readBody(c, resetPasswordRequestSchema);
    const updated = await db.transaction(async (tx) => {
      const customerId = await usePasswordReset(tx, sha256(c.req.param('token')!));
      if (!customerId) return false;
      await setPasswordHash(tx, customerId, await hashPassword(password));
      // A new password ends every open session.
      await tokens.revokeAll(tx, customerId);
      return true;
    });
    if (!updated) throw new HttpError(400, 'The reset link is invalid or has expired');
    return c.json({ message: 'Password updated successfully' });
  }

  return new Hono().post('/forgot-password-token', forgotPassword).put('/reset-password/:token', resetPassword);
}
