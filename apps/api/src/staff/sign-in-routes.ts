import { Hono, type Context } from 'hono';
import {
  acceptInvitationRequestSchema,
  secondFactorRequestSchema,
  staffCredentialsSchema,
  type SecondFactorRequest,
  totpConfirmRequestSchema,
  type SignInStep,
  type Staff,
} from '@agri/api-client/staff-contract';
import { sha256 } from '../accounts/one-time-tokens';
import type { Queryable } from '../db/db';
import { upgradeHash } from '../accounts/passwords';
import { clientAddress, readBody, sourceOf } from '../http';
import { HttpError } from '../http-error';
import { RateLimiter, type Verdict } from '../rate-limit';
import type { Services } from '../services';
import { audit } from './audit';
import { recordSignInFailure } from './sign-in-failures';
import type { StaffRow } from './invitations';
import { secretBox } from '../secret-box';
import { newRecoveryCodes, newTotpSecret, stepOfCode, useRecoveryCode, useStep } from './second-factor';
import { endAllSessions, type StaffEnv, type StaffSessions } from './staff-sessions';

const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_CODE = 'That code is not valid. Enter the current code from your app, or a recovery code.';
const INVALID_INVITATION = 'This invitation is invalid or has expired. Ask an admin for a new one.';
const SETUP_EXPIRED = 'This setup has ended. Ask an admin to reset your second factor: you will get a new invitation.';
const SETUP_UNFINISHED =
  'Your authenticator is not set up. Finish the setup in the browser where you accepted your invitation, or ask an admin to reset your second factor.';
/** Wrong second-factor codes per member per window: six digits are guessable without a limit. */
const SECOND_FACTOR_TRIES = 5;

const toStaff = (row: Pick<StaffRow, 'id' | 'email' | 'role'>): Staff => ({ id: row.id, email: row.email, role: row.role });

/** What the sign-in steps share: the limits, the member, the code check, and the end of a sign-in. */
function signInSteps(services: Services, sessions: StaffSessions) {
  const { db, config } = services;
  const box = secretBox(config.jwtSecret, 'staff-totp');
  const secondFactorTries = new RateLimiter(db, 'staff-second-factor', SECOND_FACTOR_TRIES, config.rateLimits.windowMs);
  // Staff sign-in counts per address and per account whatever the address (a refusal: staff have a second factor
  // and an admin to turn to), apart from the customers' counters (login-limits.ts).
  const addressTries = new RateLimiter(db, 'staff-login', config.rateLimits.login, config.rateLimits.windowMs);
  const accountTries = new RateLimiter(db, 'staff-login-account', config.rateLimits.loginPerAccount, config.rateLimits.windowMs);

  const enforce = (verdict: Verdict) => {
    if (!verdict.allowed) {
      throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
  };
  const limitAddress = async (c: Context) => enforce(await addressTries.hit(sourceOf(c, services)));

  async function member(id: string): Promise<StaffRow> {
    const [row] = await db.query<StaffRow>('SELECT * FROM staff WHERE id = $1 AND removed_at IS NULL', [id]);
    if (!row) throw new HttpError(403, 'This is for signed-in staff only');
    return row;
  }

  /** A code from the app, valid now and not used before; used in `tx`, so a sign-in that fails after leaves it unused. */
  async function checkCode(tx: Queryable, row: StaffRow, code: string): Promise<boolean> {
    const step = row.totp_secret ? stepOfCode(box.open(row.totp_secret), row.email, code) : null;
    return step !== null && (await useStep(tx, row.id, step));
  }

  /** The end of a sign-in, in the transaction of the step that ends: the step's session ends, the real one starts. */
  async function signIn(tx: Queryable, row: StaffRow, stepSession: string): Promise<{ token: string; staff: Staff }> {
    await sessions.end(tx, stepSession);
    await audit(tx, row, 'signed in', `staff:${row.id}`);
    return { token: await sessions.issue(tx, row.id, 'signed-in'), staff: toStaff(row) };
  }

  /** The second factor signs in, in `tx`: a code from the app, or a recovery code, whose use is audited; null for a wrong one. */
  async function secondFactorSignIn(tx: Queryable, row: StaffRow, request: SecondFactorRequest, stepSession: string) {
    if ('code' in request) {
      if (!(await checkCode(tx, row, request.code))) return null;
    } else {
      if (!(await useRecoveryCode(tx, row.id, request.recoveryCode))) return null;
      await audit(tx, row, 'recovery code used', `staff:${row.id}`);
    }
    return signIn(tx, row, stepSession);
  }

  /** The first code from the app confirms it, in `tx`: enabled, recovery codes made, audited and signed in; null for a wrong code. */
  async function confirmSetup(tx: Queryable, row: StaffRow, code: string, stepSession: string) {
    if (!(await checkCode(tx, row, code))) return null;
    await tx.query('UPDATE staff SET totp_enabled_at = now() WHERE id = $1', [row.id]);
    const recoveryCodes = await newRecoveryCodes(tx, row.id);
    await audit(tx, row, 'second factor set up', `staff:${row.id}`);
    return { ...(await signIn(tx, row, stepSession)), recoveryCodes };
  }

  return { enforce, limitAddress, accountTries, secondFactorTries, member, secondFactorSignIn, confirmSetup };
}

/**
 * Signing in, step by step (see staff-sessions.ts): the password, then the second factor; and accepting an
 * invitation, which is the first sign-in and the only way to set up the second factor. The same limits as the
 * customers' login; the answers to a wrong password never tell whether an address belongs to the team.
 */
export function signInRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db } = services;
  const { enforce, limitAddress, accountTries, secondFactorTries, member, secondFactorSignIn, confirmSetup } = signInSteps(services, sessions);
  const signedIn = sessions.require();
  return new Hono<StaffEnv>()
    .route('/', invitationRoutes(services, sessions))
    .post('/session', async (c) => {
      await limitAddress(c);
      const credentials = await readBody(c, staffCredentialsSchema);
      const email = credentials.email.toLowerCase();
      const accountKey = `staff:${email}`;
      enforce(await accountTries.check(accountKey));
      const [row] = await db.query<StaffRow>('SELECT * FROM staff WHERE email = $1 AND removed_at IS NULL AND password_hash IS NOT NULL', [email]);
      // The same work and the same answer for an unknown address, a removed member and a wrong password.
      const { valid, rehash } = await services.passwords.verify(credentials.password, row?.password_hash ?? (await services.passwords.dummy()));
      if (!row || !valid) {
        await accountTries.hit(accountKey);
        // Counted per source, not written in the audit log: a stranger can fail this step at will.
        await recordSignInFailure(db, clientAddress(c, services.config.trustedProxyHops), email);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      // The authenticator is set up only where the invitation was accepted: a password alone, known to whoever
      // learned it, never gets a secret.
      if (!row.totp_enabled_at) throw new HttpError(403, SETUP_UNFINISHED);
      if (rehash) await upgradeHash(db, services.passwords, 'staff', row, credentials.password);
      return c.json({ stage: 'second-factor', token: await sessions.issue(db, row.id, 'second-factor') } satisfies SignInStep);
    })
    .post('/session/second-factor', async (c) => {
      await limitAddress(c);
      const { staffId, sessionId } = await sessions.step(c, 'second-factor');
      const request = await readBody(c, secondFactorRequestSchema);
      const row = await member(staffId);
      enforce(await secondFactorTries.check(row.id));
      // All or nothing: a sign-in that fails after the code leaves the code unused and unaudited.
      const signedIn = await db.transaction((tx) => secondFactorSignIn(tx, row, request, sessionId));
      if (!signedIn) {
        // Counted first: the try counts even if its audit entry fails.
        await secondFactorTries.hit(row.id);
        await audit(db, row, 'sign-in failed', `staff:${row.id}`, { after: { reason: 'code' in request ? 'authenticator code' : 'recovery code' } });
        throw new HttpError(400, INVALID_CODE);
      }
      return c.json({ stage: 'signed-in', ...signedIn } satisfies SignInStep);
    })
    .post('/session/totp-setup', async (c) => {
      await limitAddress(c);
      const { staffId, sessionId } = await sessions.step(c, 'totp-setup').catch((error: unknown) => {
        throw error instanceof HttpError && error.status === 401 ? new HttpError(401, SETUP_EXPIRED) : error;
      });
      const { code } = await readBody(c, totpConfirmRequestSchema);
      const row = await member(staffId);
      enforce(await secondFactorTries.check(row.id));
      if (row.totp_enabled_at) throw new HttpError(409, 'Your authenticator is already set up. Please sign in again.');
      // All or nothing: never an authenticator enabled without its recovery codes (answered only here) and its audit entry.
      const confirmed = await db.transaction((tx) => confirmSetup(tx, row, code, sessionId));
      if (!confirmed) {
        await secondFactorTries.hit(row.id);
        throw new HttpError(400, 'That code is not valid. Check the time on your phone and enter the current code.');
      }
      return c.json(confirmed);
    })
    .get('/session', signedIn, async (c) => c.json(toStaff(c.get('staff'))))
    .delete('/session', signedIn, async (c) => {
      const staff = c.get('staff');
      await db.transaction(async (tx) => {
        await sessions.end(tx, staff.sessionId);
        await audit(tx, staff, 'signed out', `staff:${staff.id}`);
      });
      return c.json({ message: 'Signed out' });
    })
    .delete('/sessions', signedIn, async (c) => {
      const staff = c.get('staff');
      await db.transaction(async (tx) => {
        await endAllSessions(tx, staff.id);
        await audit(tx, staff, 'signed out everywhere', `staff:${staff.id}`);
      });
      return c.json({ message: 'Signed out everywhere' });
    });
}

/** An invitation's link: whose it is (GET), and accepting it with a password (POST), which is the first sign-in. */
function invitationRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db, config } = services;
  const { limitAddress } = signInSteps(services, sessions);
  const box = secretBox(config.jwtSecret, 'staff-totp');

  /**
   * The authenticator's secret, shown this once to the browser that accepted the invitation, with the only token
   * that can confirm it (good for SETUP_TTL_MS).
   */
  async function totpSetup(row: StaffRow): Promise<SignInStep> {
    const totp = newTotpSecret(row.email);
    await db.query('UPDATE staff SET totp_secret = $2 WHERE id = $1', [row.id, box.seal(totp.secret)]);
    return { stage: 'totp-setup', token: await sessions.issue(db, row.id, 'totp-setup'), totp };
  }

  return new Hono<StaffEnv>()
    .get('/invitation/:token', async (c) => {
      await limitAddress(c);
      const [row] = await db.query<{ email: string }>(
        `SELECT s.email FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
         WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now() AND s.removed_at IS NULL`,
        [sha256(c.req.param('token'))],
      );
      if (!row) throw new HttpError(404, INVALID_INVITATION);
      return c.json({ email: row.email });
    })
    .post('/invitation/:token', async (c) => {
      await limitAddress(c);
      const { password } = await readBody(c, acceptInvitationRequestSchema);
      const passwordHash = await services.passwords.hash(password);
      const row = await db.transaction(async (tx) => {
        const [invitation] = await tx.query<{ staff_id: string }>(
          'UPDATE staff_invitations SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING staff_id',
          [sha256(c.req.param('token'))],
        );
        if (!invitation) return null;
        const [member] = await tx.query<StaffRow>('UPDATE staff SET password_hash = $2 WHERE id = $1 AND removed_at IS NULL RETURNING *', [
          invitation.staff_id,
          passwordHash,
        ]);
        if (member) await audit(tx, member, 'invitation accepted', `staff:${member.id}`);
        return member ?? null;
      });
      if (!row) throw new HttpError(404, INVALID_INVITATION);
      return c.json(await totpSetup(row));
    });
}
