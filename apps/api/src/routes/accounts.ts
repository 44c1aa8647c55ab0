import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  addToWishlistRequestSchema,
  credentialsSchema,
  forgotPasswordRequestSchema,
  newsletterRequestSchema,
  NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE,
  OTP_RESENT_MESSAGE,
  OTP_SENT_MESSAGE,
  profileSchema,
  registrationSchema,
  resendOtpRequestSchema,
  resetPasswordRequestSchema,
  shippingAddressSchema,
  USER_CREATED_MESSAGE,
  verifyOtpRequestSchema,
  type Customer,
  type CourseSummary,
  type ShippingAddress,
} from '@agri/api-client';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../accounts/passwords';
import { sha256 } from '../accounts/tokens';
import { bearer, check, clientAddress, HttpError, notFound, readBody, requireCustomer, type AuthEnv } from '../http';
import { answer, newId } from '../dialect';
import type { RateLimiter, Verdict } from '../rate-limit';
import type { Services } from '../services';

const OTP_TTL_MS = 10 * 60 * 1000;
/** How long the browser that started a registration may use its token (codes still expire after 10 minutes). */
const REGISTRATION_TTL_MS = 60 * 60 * 1000;
const emailChangeSentMessage = (email: string) =>
  `Profile saved. We sent a link to ${email}: your email changes when you follow it.`;
const EMAIL_CHANGED_MESSAGE = 'Email updated successfully';
const REGISTRATION_EXPIRED_MESSAGE = 'This registration has expired. Please register again.';
const OTP_MAX_ATTEMPTS = 5;
const RESET_TTL_MS = 60 * 60 * 1000;

interface CustomerRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  password_hash: string;
}

/** One registration attempt: the browser that started it holds its token; the code completes only it. */
interface AttemptRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  mobile: string;
  password_hash: string;
  otp_hash: string;
  otp_expires_at: Date;
  otp_attempts: number;
  /** The email already has an account: its owner was sent a notice, and no code can complete this attempt. */
  existing_account: boolean;
}

const toCustomer = (row: CustomerRow): Customer => ({
  _id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  email: row.email,
  mobile: row.mobile,
});

/** The hosted API keeps a list of addresses per customer, each entry with when it was saved. */
const hostedAddress = (address: ShippingAddress, savedAt: Date) => ({ ...address, updatedAt: new Date(savedAt).toISOString() });

const COURSE_SUMMARY_COLUMNS = 'c.id AS "_id", c.title, c.price, c.duration, c.category';

export function accountRoutes(services: Services): Hono<AuthEnv> {
  const { db, mailer, tokens, limits, config } = services;
  const { dialect } = config;
  const signedIn = requireCustomer(services);
  // OTPs are hashed with the server secret: a leaked table does not give away live codes.
  const otpHash = (email: string, otp: string) => sha256(`${config.jwtSecret}:${email}:${otp}`);

  /** 429 with Retry-After for a refused verdict. */
  const enforce = (verdict: Verdict) => {
    if (!verdict.allowed) {
      throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
  };

  const limit = async (limiter: RateLimiter, c: Context) => enforce(await limiter.hit(clientAddress(c, config.trustedProxyHops)));

  /** Mails one address at most `mailsPerAddress` times a window, whoever asks. */
  const mailTo = async (email: string, mail: { subject: string; text: string }) => {
    enforce(await limits.mailsPerAddress.hit(email));
    await mailer.send({ to: email, ...mail });
  };

  const mailCode = (attempt: Pick<AttemptRow, 'email' | 'firstname'>, otp: string) =>
    mailTo(attempt.email, {
      subject: 'Your verification code',
      text: `Hello ${attempt.firstname},\n\nYour verification code is ${otp}. It expires in 10 minutes and can be used once.\n\nIf you did not register, ignore this email.`,
    });

  // Sent instead of a code when someone registers an email that has an account, so the
  // register call answers the same either way and only the owner learns of the attempt.
  const mailAccountExists = (email: string) =>
    mailTo(email, {
      subject: 'Someone tried to register with your email',
      text: `Hello,\n\nSomeone tried to create a new account with this email address, which already has an account with us. No new account was created and nothing was changed.\n\nIf it was you, log in at ${config.siteUrl}/login or reset your password at ${config.siteUrl}/forgot-password.\n\nIf it was not you, ignore this email.`,
    });

  const mailCodeOrNotice = (existingAccount: boolean, attempt: Pick<AttemptRow, 'email' | 'firstname'>, otp: string) =>
    existingAccount ? mailAccountExists(attempt.email) : mailCode(attempt, otp);

  const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
  const otpExpiry = () => new Date(Date.now() + OTP_TTL_MS).toISOString();

  /** The attempt whose token the request carries (the spec sends verify-otp "with auth"), for this email. */
  async function attemptOf(c: Context, email: string): Promise<AttemptRow> {
    const token = bearer(c);
    const [attempt] = token
      ? await db.query<AttemptRow>('SELECT * FROM registration_attempts WHERE id = $1 AND expires_at > now()', [sha256(token)])
      : [];
    if (!attempt || attempt.email !== email) throw new HttpError(400, REGISTRATION_EXPIRED_MESSAGE);
    return attempt;
  }

  async function register(c: Context) {
    await limit(limits.otp, c);
    const body: unknown = await c.req.json().catch(() => {
      throw new HttpError(400, 'The request body must be JSON');
    });
    // The spec resends the code through the same call, with the pending email only.
    const resend = resendOtpRequestSchema.safeParse(body);
    if (resend.success) {
      const attempt = await attemptOf(c, resend.data.email.toLowerCase());
      const otp = newOtp();
      await db.query('UPDATE registration_attempts SET otp_hash = $2, otp_expires_at = $3, otp_attempts = 0 WHERE id = $1', [
        attempt.id,
        otpHash(attempt.email, otp),
        otpExpiry(),
      ]);
      await mailCodeOrNotice(attempt.existing_account, attempt, otp);
      return c.json({ message: OTP_RESENT_MESSAGE });
    }
    const registration = check(registrationSchema, body);
    const email = registration.email.toLowerCase();
    // The same work and the same answer whether or not the email has an account.
    const passwordHash = await hashPassword(registration.password);
    const existing = await db.query('SELECT 1 FROM customers WHERE email = $1', [email]);
    const otp = newOtp();
    const registrationToken = randomBytes(32).toString('base64url');
    // Expired attempts are of no use to anyone: each new one clears them, so the table stays small.
    await db.query('DELETE FROM registration_attempts WHERE expires_at < now()');
    await mailCodeOrNotice(existing.length > 0, { email, firstname: registration.firstname }, otp);
    await db.query(
      `INSERT INTO registration_attempts
         (id, email, firstname, lastname, mobile, password_hash, otp_hash, otp_expires_at, expires_at, existing_account)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        sha256(registrationToken),
        email,
        registration.firstname,
        registration.lastname,
        registration.mobile,
        passwordHash,
        otpHash(email, otp),
        otpExpiry(),
        new Date(Date.now() + REGISTRATION_TTL_MS).toISOString(),
        existing.length > 0,
      ],
    );
    return c.json({ message: OTP_SENT_MESSAGE, registrationToken });
  }

  async function verifyOtp(c: Context) {
    await limit(limits.otp, c);
    const request = await readBody(c, verifyOtpRequestSchema);
    const attempt = await attemptOf(c, request.email.toLowerCase());
    const tooManyCodes = new HttpError(429, 'Too many wrong codes. Please request a new OTP.');
    if (attempt.otp_attempts >= OTP_MAX_ATTEMPTS) throw tooManyCodes;
    if (new Date(attempt.otp_expires_at).getTime() < Date.now()) {
      throw new HttpError(400, 'The OTP has expired. Please request a new one.');
    }
    // Each try is counted before the code is compared, in one statement: tries sent at once, to any
    // instance, cannot all pass the check above.
    const [counted] = await db.query(
      'UPDATE registration_attempts SET otp_attempts = otp_attempts + 1 WHERE id = $1 AND otp_attempts < $2 RETURNING id',
      [attempt.id, OTP_MAX_ATTEMPTS],
    );
    if (!counted) throw tooManyCodes;
    if (attempt.existing_account || otpHash(attempt.email, request.otp) !== attempt.otp_hash) {
      throw new HttpError(400, 'Invalid OTP');
    }
    const customer = await db.transaction(async (tx) => {
      // Every attempt for this email ends here: the code is single use and a racing attempt cannot follow.
      await tx.query('DELETE FROM registration_attempts WHERE email = $1', [attempt.email]);
      const [row] = await tx.query<CustomerRow>(
        `INSERT INTO customers (id, firstname, lastname, email, mobile, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING *`,
        [newId(dialect), attempt.firstname, attempt.lastname, attempt.email, attempt.mobile, attempt.password_hash],
      );
      return row;
    });
    // Someone completed another attempt for this email first: theirs stands, this one cannot change it.
    if (!customer) throw new HttpError(400, REGISTRATION_EXPIRED_MESSAGE);
    return answer(c, dialect, { message: USER_CREATED_MESSAGE, user: toCustomer(customer) });
  }

  async function login(c: Context) {
    await limit(limits.login, c);
    const credentials = await readBody(c, credentialsSchema);
    const email = credentials.email.toLowerCase();
    // Refused before the password is checked, so guesses spread over many addresses stop too.
    enforce(await limits.loginPerAccount.check(email));
    const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1', [email]);
    const valid = await verifyPassword(credentials.password, row?.password_hash ?? (await dummyPasswordHash));
    if (!row || !valid) {
      await limits.loginPerAccount.hit(email);
      throw new HttpError(401, 'Invalid email or password');
    }
    return answer(c, dialect, { ...toCustomer(row), token: await tokens.issue(db, row.id) });
  }

  /** Mails the new address a confirmation link, or, if an account already uses it, a notice to its owner. */
  async function requestEmailChange(customer: CustomerRow, email: string): Promise<void> {
    const [taken] = await db.query('SELECT 1 FROM customers WHERE email = $1', [email]);
    if (taken) {
      await mailTo(email, {
        subject: 'Someone tried to use your email address',
        text: `Hello,\n\nSomeone asked to move another account to this email address, which already has an account with us. Nothing was changed.\n\nIf it was not you, you need not do anything.`,
      });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await db.query('INSERT INTO email_changes (token_hash, customer_id, new_email, expires_at) VALUES ($1, $2, $3, $4)', [
      sha256(token),
      customer.id,
      email,
      new Date(Date.now() + RESET_TTL_MS).toISOString(),
    ]);
    await mailTo(email, {
      subject: 'Confirm your new email address',
      text: `Hello ${customer.firstname},\n\nConfirm that this is your new email address within one hour with this link (it works once):\n${config.siteUrl}/confirm-email/${token}\n\nUntil then your account keeps its old address. If you did not ask for this, ignore this email.`,
    });
  }

  async function customerById(id: string): Promise<CustomerRow> {
    const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
    if (!row) throw notFound('User');
    return row;
  }

  async function courseSummaries(sql: string, customerId: string): Promise<CourseSummary[]> {
    return db.query<CourseSummary>(sql, [customerId]);
  }

  const wishlistSql = `SELECT ${COURSE_SUMMARY_COLUMNS} FROM wishlist w JOIN courses c ON c.id = w.course_id
                       WHERE w.customer_id = $1 ORDER BY w.created_at, c.position`;

  return new Hono<AuthEnv>()
    .post('/register', register)
    .post('/verify-otp', verifyOtp)
    .post('/login', login)
    .get('/getuser', signedIn, async (c) => {
      const { id, token } = c.get('customer');
      return answer(c, dialect, { ...toCustomer(await customerById(id)), token });
    })
    .get('/logout', signedIn, async (c) => {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [c.get('customer').sessionId]);
      c.header('Cache-Control', 'no-store');
      return c.json({ message: 'Logged out successfully' });
    })
    .put('/edit-user', signedIn, async (c) => {
      const profile = await readBody(c, profileSchema);
      const current = await customerById(c.get('customer').id);
      const [row] = await db.query<CustomerRow>(
        'UPDATE customers SET firstname = $2, lastname = $3, mobile = $4 WHERE id = $1 RETURNING *',
        [current.id, profile.firstname, profile.lastname, profile.mobile],
      );
      if (!row) throw notFound('User');
      const email = profile.email.toLowerCase();
      if (email === current.email) return answer(c, dialect, toCustomer(row));
      await requestEmailChange(row, email);
      // The same answer whether or not another account uses the address: only its owner's mailbox learns.
      const pending = { ...toCustomer(row), pendingEmail: email };
      return answer(c, dialect, { ...pending, message: emailChangeSentMessage(email) }, () => pending);
    })
    .put('/confirm-email/:token', async (c) => {
      await limit(limits.otp, c);
      const customer = await db.transaction(async (tx) => {
        const [change] = await tx.query<{ customer_id: string; new_email: string }>(
          `UPDATE email_changes SET used_at = now()
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id, new_email`,
          [sha256(c.req.param('token'))],
        );
        if (!change) return null;
        const [row] = await tx.query<CustomerRow>(
          `UPDATE customers SET email = $2 WHERE id = $1
           AND NOT EXISTS (SELECT 1 FROM customers WHERE email = $2) RETURNING *`,
          [change.customer_id, change.new_email],
        );
        return row ?? null;
      });
      if (!customer) throw new HttpError(400, 'This link is invalid or has expired');
      return answer(c, dialect, { message: EMAIL_CHANGED_MESSAGE, user: toCustomer(customer) });
    })
    .post('/forgot-password-token', async (c) => {
      await limit(limits.otp, c);
      const { email } = await readBody(c, forgotPasswordRequestSchema);
      const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1', [email.toLowerCase()]);
      if (row) {
        const token = randomBytes(32).toString('base64url');
        await db.query('INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES ($1, $2, $3)', [
          sha256(token),
          row.id,
          new Date(Date.now() + RESET_TTL_MS).toISOString(),
        ]);
        await mailer.send({
          to: row.email,
          subject: 'Reset your password',
          text: `Hello ${row.firstname},\n\nReset your password within one hour with this link (it works once):\n${config.siteUrl}/reset-password/${token}\n\nIf you did not ask for this, ignore this email.`,
        });
      }
      // The same answer for unknown emails, so the form does not reveal who has an account.
      return c.json({ message: 'If that email is registered, a password reset link has been sent to it' });
    })
    .put('/reset-password/:token', async (c) => {
      const { password } = await readBody(c, resetPasswordRequestSchema);
      const tokenHash = sha256(c.req.param('token'));
      const updated = await db.transaction(async (tx) => {
        const [reset] = await tx.query<{ customer_id: string }>(
          `UPDATE password_resets SET used_at = now()
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`,
          [tokenHash],
        );
        if (!reset) return false;
        await tx.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [reset.customer_id, await hashPassword(password)]);
        // A new password ends every open session.
        await tx.query('UPDATE sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL', [reset.customer_id]);
        return true;
      });
      if (!updated) throw new HttpError(400, 'The reset link is invalid or has expired');
      return c.json({ message: 'Password updated successfully' });
    })
    .get('/wishlist', signedIn, async (c) => answer(c, dialect, await courseSummaries(wishlistSql, c.get('customer').id)))
    .put('/wishlist', signedIn, async (c) => {
      const { courseId } = await readBody(c, addToWishlistRequestSchema);
      const { id } = c.get('customer');
      const course = await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId]);
      if (course.length === 0) throw notFound('Course');
      const removed = await db.query('DELETE FROM wishlist WHERE customer_id = $1 AND course_id = $2 RETURNING course_id', [id, courseId]);
      if (removed.length === 0) await db.query('INSERT INTO wishlist (customer_id, course_id) VALUES ($1, $2)', [id, courseId]);
      return answer(c, dialect, await courseSummaries(wishlistSql, id));
    })
    .get('/recently-viewed', signedIn, async (c) =>
      answer(
        c,
        dialect,
        await courseSummaries(
          `SELECT ${COURSE_SUMMARY_COLUMNS} FROM recently_viewed r JOIN courses c ON c.id = r.course_id
           WHERE r.customer_id = $1 ORDER BY r.viewed_at DESC LIMIT 10`,
          c.get('customer').id,
        ),
      ),
    )
    .put('/add-address', signedIn, async (c) => {
      const address = await readBody(c, shippingAddressSchema);
      const [row] = await db.query<{ updated_at: Date }>(
        `INSERT INTO addresses (customer_id, address) VALUES ($1, $2)
         ON CONFLICT (customer_id) DO UPDATE SET address = $2, updated_at = now() RETURNING updated_at`,
        [c.get('customer').id, JSON.stringify(address)],
      );
      return answer(c, dialect, { message: 'Address saved successfully', address }, () => [hostedAddress(address, row!.updated_at)]);
    })
    .get('/get-address', signedIn, async (c) => {
      const [row] = await db.query<{ address: ShippingAddress; updated_at: Date }>(
        'SELECT address, updated_at FROM addresses WHERE customer_id = $1',
        [c.get('customer').id],
      );
      return answer(c, dialect, { address: row?.address ?? null }, () => (row ? [hostedAddress(row.address, row.updated_at)] : []));
    })
    .post('/subscribe/newsletter', async (c) => {
      const { email } = await readBody(c, newsletterRequestSchema);
      const inserted = await db.query(
        'INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING email',
        [email.toLowerCase()],
      );
      if (inserted.length === 0) throw new HttpError(400, NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE);
      return c.json({ message: 'Subscribed to the newsletter successfully' });
    });
}
