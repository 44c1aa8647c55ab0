import { randomBytes, randomInt, randomUUID } from 'node:crypto';
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
import { check, clientAddress, HttpError, notFound, readBody, requireCustomer, type AuthEnv } from '../http';
import type { RateLimiter } from '../rate-limit';
import type { Services } from '../services';

const OTP_TTL_MS = 10 * 60 * 1000;
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

interface PendingRow {
  email: string;
  firstname: string;
  lastname: string;
  mobile: string;
  password_hash: string;
  otp_hash: string;
  otp_expires_at: Date;
  otp_attempts: number;
}

const toCustomer = (row: CustomerRow): Customer => ({
  _id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  email: row.email,
  mobile: row.mobile,
});

const COURSE_SUMMARY_COLUMNS = 'c.id AS "_id", c.title, c.price, c.duration, c.category';

export function accountRoutes(services: Services): Hono<AuthEnv> {
  const { db, mailer, tokens, limits, config } = services;
  const signedIn = requireCustomer(services);
  // OTPs are hashed with the server secret: a leaked table does not give away live codes.
  const otpHash = (email: string, otp: string) => sha256(`${config.jwtSecret}:${email}:${otp}`);

  const limit = (limiter: RateLimiter, c: Context) => {
    const key = clientAddress(c);
    if (!limiter.hit(key)) {
      throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', {
        'Retry-After': String(limiter.retryAfterSeconds(key)),
      });
    }
  };

  const mailOtp = async (email: string, firstname: string, otp: string) =>
    mailer.send({
      to: email,
      subject: 'Your verification code',
      text: `Hello ${firstname},\n\nYour verification code is ${otp}. It expires in 10 minutes and can be used once.\n\nIf you did not register, ignore this email.`,
    });

  const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

  async function register(c: Context) {
    limit(limits.otp, c);
    const body: unknown = await c.req.json().catch(() => {
      throw new HttpError(400, 'The request body must be JSON');
    });
    // The spec resends the code through the same call, with the pending email only.
    const resend = resendOtpRequestSchema.strict().safeParse(body);
    if (resend.success) {
      const email = resend.data.email.toLowerCase();
      const [pending] = await db.query<PendingRow>('SELECT * FROM pending_registrations WHERE email = $1', [email]);
      if (!pending) throw notFound('Pending registration');
      const otp = newOtp();
      await db.query(
        'UPDATE pending_registrations SET otp_hash = $2, otp_expires_at = $3, otp_attempts = 0 WHERE email = $1',
        [email, otpHash(email, otp), new Date(Date.now() + OTP_TTL_MS).toISOString()],
      );
      await mailOtp(email, pending.firstname, otp);
      return c.json({ message: OTP_RESENT_MESSAGE });
    }
    const registration = check(registrationSchema, body);
    const email = registration.email.toLowerCase();
    const existing = await db.query('SELECT 1 FROM customers WHERE email = $1', [email]);
    if (existing.length > 0) throw new HttpError(409, 'User already exists');
    const otp = newOtp();
    await db.query(
      `INSERT INTO pending_registrations (email, firstname, lastname, mobile, password_hash, otp_hash, otp_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (email) DO UPDATE SET firstname = $2, lastname = $3, mobile = $4, password_hash = $5,
         otp_hash = $6, otp_expires_at = $7, otp_attempts = 0, created_at = now()`,
      [
        email,
        registration.firstname,
        registration.lastname,
        registration.mobile,
        await hashPassword(registration.password),
        otpHash(email, otp),
        new Date(Date.now() + OTP_TTL_MS).toISOString(),
      ],
    );
    await mailOtp(email, registration.firstname, otp);
    return c.json({ message: OTP_SENT_MESSAGE });
  }

  async function verifyOtp(c: Context) {
    limit(limits.otp, c);
    const request = await readBody(c, verifyOtpRequestSchema);
    const email = request.email.toLowerCase();
    const [pending] = await db.query<PendingRow>('SELECT * FROM pending_registrations WHERE email = $1', [email]);
    if (!pending) throw notFound('Pending registration');
    if (pending.otp_attempts >= OTP_MAX_ATTEMPTS) {
      throw new HttpError(429, 'Too many wrong codes. Please request a new OTP.');
    }
    if (new Date(pending.otp_expires_at).getTime() < Date.now()) {
      throw new HttpError(400, 'The OTP has expired. Please request a new one.');
    }
    if (otpHash(email, request.otp) !== pending.otp_hash) {
      await db.query('UPDATE pending_registrations SET otp_attempts = otp_attempts + 1 WHERE email = $1', [email]);
      throw new HttpError(400, 'Invalid OTP');
    }
    const customer = await db.transaction(async (tx) => {
      // Deleting the pending row makes the code single use.
      await tx.query('DELETE FROM pending_registrations WHERE email = $1', [email]);
      const [row] = await tx.query<CustomerRow>(
        `INSERT INTO customers (id, firstname, lastname, email, mobile, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [randomUUID(), pending.firstname, pending.lastname, email, pending.mobile, pending.password_hash],
      );
      return row as CustomerRow;
    });
    return c.json({ message: USER_CREATED_MESSAGE, user: toCustomer(customer) });
  }

  async function login(c: Context) {
    limit(limits.login, c);
    const credentials = await readBody(c, credentialsSchema);
    const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1', [credentials.email.toLowerCase()]);
    const valid = await verifyPassword(credentials.password, row?.password_hash ?? (await dummyPasswordHash));
    if (!row || !valid) throw new HttpError(401, 'Invalid email or password');
    return c.json({ ...toCustomer(row), token: await tokens.issue(db, row.id) });
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
      return c.json({ ...toCustomer(await customerById(id)), token });
    })
    .get('/logout', signedIn, async (c) => {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [c.get('customer').sessionId]);
      c.header('Cache-Control', 'no-store');
      return c.json({ message: 'Logged out successfully' });
    })
    .put('/edit-user', signedIn, async (c) => {
      const profile = await readBody(c, profileSchema);
      const { id } = c.get('customer');
      const email = profile.email.toLowerCase();
      const taken = await db.query('SELECT 1 FROM customers WHERE email = $1 AND id <> $2', [email, id]);
      if (taken.length > 0) throw new HttpError(409, 'Another account uses this email');
      const [row] = await db.query<CustomerRow>(
        'UPDATE customers SET firstname = $2, lastname = $3, email = $4, mobile = $5 WHERE id = $1 RETURNING *',
        [id, profile.firstname, profile.lastname, email, profile.mobile],
      );
      if (!row) throw notFound('User');
      return c.json(toCustomer(row));
    })
    .post('/forgot-password-token', async (c) => {
      limit(limits.otp, c);
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
    .get('/wishlist', signedIn, async (c) => c.json(await courseSummaries(wishlistSql, c.get('customer').id)))
    .put('/wishlist', signedIn, async (c) => {
      const { courseId } = await readBody(c, addToWishlistRequestSchema);
      const { id } = c.get('customer');
      const course = await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId]);
      if (course.length === 0) throw notFound('Course');
      const removed = await db.query('DELETE FROM wishlist WHERE customer_id = $1 AND course_id = $2 RETURNING course_id', [id, courseId]);
      if (removed.length === 0) await db.query('INSERT INTO wishlist (customer_id, course_id) VALUES ($1, $2)', [id, courseId]);
      return c.json(await courseSummaries(wishlistSql, id));
    })
    .get('/recently-viewed', signedIn, async (c) =>
      c.json(
        await courseSummaries(
          `SELECT ${COURSE_SUMMARY_COLUMNS} FROM recently_viewed r JOIN courses c ON c.id = r.course_id
           WHERE r.customer_id = $1 ORDER BY r.viewed_at DESC LIMIT 10`,
          c.get('customer').id,
        ),
      ),
    )
    .put('/add-address', signedIn, async (c) => {
      const address = await readBody(c, shippingAddressSchema);
      await db.query(
        `INSERT INTO addresses (customer_id, address) VALUES ($1, $2)
         ON CONFLICT (customer_id) DO UPDATE SET address = $2, updated_at = now()`,
        [c.get('customer').id, JSON.stringify(address)],
      );
      return c.json({ message: 'Address saved successfully', address });
    })
    .get('/get-address', signedIn, async (c) => {
      const [row] = await db.query<{ address: ShippingAddress }>('SELECT address FROM addresses WHERE customer_id = $1', [
        c.get('customer').id,
      ]);
      return c.json({ address: row?.address ?? null });
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
