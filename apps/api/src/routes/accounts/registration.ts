import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { REGISTRATION_MESSAGES, registrationSchema, resendOtpRequestSchema, verifyOtpRequestSchema } from '@agri/api-client/contract';
import { refuseCommonPassword } from '../../accounts/common-passwords';
import { emailHasAccount, insertCustomer, toCustomer } from '../../accounts/customers';
import { attemptById, countCodeTry, deleteExpiredAttempts, endAttemptsFor, insertAttempt, renewCode, type AttemptRow } from '../../accounts/registrations';
import { sha256 } from '../../accounts/one-time-tokens';
import type { Queryable } from '../../db/db';
import { answer, newId } from '../../dialect';
import { bearer, check, readBody, sourceOf } from '../../http';
import { HttpError } from '../../http-error';
import { refuseOver } from '../../rate-limit';
import { mailLine } from '../../mail';
import type { Services } from '../../services';
import { claimKey, once } from '../../idempotency';
import { mailerWithCap } from './account-mail';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
/** How long the browser that started a registration may use its token (codes still expire after 10 minutes). */
const REGISTRATION_TTL_MS = 60 * 60 * 1000;

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const otpExpiry = () => new Date(Date.now() + OTP_TTL_MS).toISOString();

/**
 * The code, or, when the email has an account, a notice to its owner instead: the register call answers
 * the same either way and only the owner learns of the attempt.
 */
function registrationMail(services: Services) {
  const mailTo = mailerWithCap(services);
  const { siteUrl } = services.config;
  return (existingAccount: boolean, attempt: Pick<AttemptRow, 'email' | 'firstname'>, otp: string) =>
    existingAccount
      ? mailTo(attempt.email, {
          subject: 'Someone tried to register with your email',
          text: `Hello,\n\nSomeone tried to create a new account with this email address, which already has an account with us. No new account was created and nothing was changed.\n\nIf it was you, log in at ${siteUrl}/login or reset your password at ${siteUrl}/forgot-password.\n\nIf it was not you, ignore this email.`,
        })
      : mailTo(attempt.email, {
          subject: 'Your verification code',
          text: `Hello ${mailLine(attempt.firstname)},\n\nYour verification code is ${otp}. It expires in 10 minutes and can be used once.\n\nIf you did not register, ignore this email.`,
        });
}

/** The attempt whose token the request carries (the spec sends verify-otp "with auth"), for this email. */
async function attemptOf(db: Queryable, c: Context, email: string): Promise<AttemptRow> {
  const token = bearer(c);
  const attempt = token ? await attemptById(db, sha256(token)) : undefined;
  if (!attempt || attempt.email !== email) throw new HttpError(400, REGISTRATION_MESSAGES.expired);
  return attempt;
}

/**
 * POST register (and resend: the same call with the email only) and verify-otp. Each register call is one
 * attempt with its own token, code and password; the code completes only the attempt it was mailed for.
 */
export function registrationRoutes(services: Services): Hono {
  const { db, limits, config } = services;
  // OTPs are hashed with the server secret: a leaked table does not give away live codes.
  const otpHash = (email: string, otp: string) => sha256(`${config.jwtSecret}:${email}:${otp}`);
  const limitSource = async (c: Context) => refuseOver(await limits.otp.hit(sourceOf(c, services)));

  const mailCodeOrNotice = registrationMail(services);

  async function resend(c: Context, email: string) {
    const attempt = await attemptOf(db, c, email.toLowerCase());
    const otp = newOtp();
    await renewCode(db, attempt.id, otpHash(attempt.email, otp), otpExpiry());
    await mailCodeOrNotice(attempt.existing_account, attempt, otp);
    return c.json({ message: REGISTRATION_MESSAGES.otpResent });
  }

  async function register(c: Context) {
    await limitSource(c);
    await limits.writes.registration.fromSource(sourceOf(c, services));
    const body: unknown = await c.req.json().catch(() => {
      throw new HttpError(400, 'The request body must be JSON');
    });
    // The spec resends the code through the same call, with the pending email only.
    const resendRequest = resendOtpRequestSchema.safeParse(body);
    if (resendRequest.success) {
      await claimKey(c);
      return resend(c, resendRequest.data.email);
    }
    const registration = check(registrationSchema, body);
    await refuseCommonPassword(registration.password);
    const email = registration.email.toLowerCase();
    await limits.writes.registration.naming(email);
    await claimKey(c);
    // The same work and the same answer whether or not the email has an account.
    const passwordHash = await services.passwords.hash(registration.password);
    const existingAccount = await emailHasAccount(db, email);
    const otp = newOtp();
    const registrationToken = randomBytes(32).toString('base64url');
    await deleteExpiredAttempts(db);
    await mailCodeOrNotice(existingAccount, { email, firstname: registration.firstname }, otp);
    await insertAttempt(db, {
      id: sha256(registrationToken),
      email,
      firstname: registration.firstname,
      lastname: registration.lastname,
      mobile: registration.mobile,
      password_hash: passwordHash,
      otp_hash: otpHash(email, otp),
      otp_expires_at: otpExpiry(),
      expires_at: new Date(Date.now() + REGISTRATION_TTL_MS).toISOString(),
      existing_account: existingAccount,
    });
    return c.json({ message: REGISTRATION_MESSAGES.otpSent, registrationToken });
  }

  async function verifyOtp(c: Context) {
    await limitSource(c);
    const request = await readBody(c, verifyOtpRequestSchema);
    const attempt = await attemptOf(db, c, request.email.toLowerCase());
    const tooManyCodes = new HttpError(429, 'Too many wrong codes. Please request a new OTP.');
    if (attempt.otp_attempts >= OTP_MAX_ATTEMPTS) throw tooManyCodes;
    if (new Date(attempt.otp_expires_at).getTime() < Date.now()) {
      throw new HttpError(400, 'The OTP has expired. Please request a new one.');
    }
    // Counted before the code is compared.
    if (!(await countCodeTry(db, attempt.id, OTP_MAX_ATTEMPTS))) throw tooManyCodes;
    if (attempt.existing_account || otpHash(attempt.email, request.otp) !== attempt.otp_hash) {
      throw new HttpError(400, REGISTRATION_MESSAGES.invalidOtp);
    }
    const customer = await db.transaction(async (tx) => {
      await endAttemptsFor(tx, attempt.email);
      return insertCustomer(tx, { ...attempt, id: newId(config.dialect), passwordHash: attempt.password_hash });
    });
    // Someone completed another attempt for this email first: theirs stands, this one cannot change it.
    if (!customer) throw new HttpError(400, REGISTRATION_MESSAGES.expired);
    return answer(c, config.dialect, { message: REGISTRATION_MESSAGES.userCreated, user: toCustomer(customer) });
  }

  return new Hono().post('/register', once(services), register).post('/verify-otp', verifyOtp);
}
