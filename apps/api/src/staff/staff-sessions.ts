import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { jwtVerify } from 'jose';
import type { StaffRole } from '@agri/api-client/staff-contract';
import type { Queryable } from '../db/db';
import { bearer } from '../http';
import { HttpError } from '../http-error';
import { signSessionToken } from '../sessions';
import type { Services } from '../services';

/**
 * Staff sessions, apart from the customers': a token is an HS256 JWT for the audience 'staff' whose `jti` is
 * a row of `staff_sessions`. A sign-in goes through steps, each with a short-lived token of its own: the
 * password gives a token good only for the second factor ('second-factor'); accepting an invitation gives one
 * good only for setting it up ('totp-setup'), in that browser alone; the code gives the session ('signed-in'),
 * which ends after STAFF_IDLE_MINUTES without a request, STAFF_SESSION_HOURS after sign-in, at sign-out (here
 * or everywhere), or when an admin removes the member or resets their second factor.
 */
export type SignInStage = 'second-factor' | 'totp-setup' | 'signed-in';

const AUDIENCE = 'staff';
/** The second factor's step is good for this long. */
const STEP_TTL_MS = 10 * 60 * 1000;
/**
 * An unfinished authenticator setup ends with its token: after this, only an admin's reset (a new invitation)
 * lets the member set one up.
 */
const SETUP_TTL_MS = 2 * 60 * 60 * 1000;
const lifetimeOf = (stage: SignInStage, sessionHours: number) =>
  stage === 'signed-in' ? sessionHours * 3_600_000 : stage === 'totp-setup' ? SETUP_TTL_MS : STEP_TTL_MS;

export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
export const STAFF_ONLY = 'This is for signed-in staff only';

export interface SignedInStaff {
  id: string;
  email: string;
  role: StaffRole;
  sessionId: string;
}

export type StaffEnv = { Variables: { staff: SignedInStaff } };

interface SessionRow {
  id: string;
  staff_id: string;
  second_factor: boolean;
  email: string;
  role: StaffRole;
  removed_at: Date | null;
  ended: boolean;
}

/** The session and its member, and whether it has ended (revoked, expired, or idle once signed in). */
async function sessionRow(db: Queryable, sessionId: string | undefined, staffId: string | undefined, idleMinutes: number): Promise<SessionRow | undefined> {
  const [row] = await db.query<SessionRow>(
    `SELECT s.id, s.staff_id, s.second_factor, st.email, st.role, st.removed_at,
       (s.revoked_at IS NOT NULL OR s.expires_at <= now()
        OR (s.second_factor AND s.last_seen_at <= now() - $3 * interval '1 minute')) AS ended
     FROM staff_sessions s JOIN staff st ON st.id = s.staff_id WHERE s.id = $1 AND s.staff_id = $2`,
    [sessionId, staffId, idleMinutes],
  );
  return row;
}

/**
 * Ends every session and sign-in step of `staffId` (sign out everywhere, a removal, a reset second factor): a
 * token they, or anyone, still hold is refused.
 */
export async function endAllSessions(tx: Queryable, staffId: string): Promise<void> {
  await tx.query('UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL', [staffId]);
}

export function staffSessions(services: Services) {
  const { db, config } = services;
  const key = new TextEncoder().encode(config.jwtSecret);
  const { idleMinutes, sessionHours } = config.staff;

  async function issue(tx: Queryable, staffId: string, stage: SignInStage): Promise<string> {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + lifetimeOf(stage, sessionHours));
    await tx.query('INSERT INTO staff_sessions (id, staff_id, second_factor, expires_at) VALUES ($1, $2, $3, $4)', [
      sessionId,
      staffId,
      stage === 'signed-in',
      expiresAt.toISOString(),
    ]);
    return signSessionToken(key, { audience: AUDIENCE, ownerId: staffId, sessionId, expiresAt, claims: { stage } });
  }

  /**
   * The session a staff token names, or why not: 401 when there is no staff session to speak of (no token,
   * a bad or ended one), 403 when the token is someone's who may not pass (a customer's, a removed member's).
   */
  async function sessionOf(c: Context): Promise<{ row: SessionRow; stage: SignInStage }> {
    const token = bearer(c);
    if (!token) throw new HttpError(401, SIGN_IN_AGAIN);
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE }));
    } catch {
      // A customer's token is a valid token, of the wrong kind.
      if (await services.sessions.verify(db, token)) throw new HttpError(403, STAFF_ONLY);
      throw new HttpError(401, SIGN_IN_AGAIN);
    }
    const row = await sessionRow(db, claims.jti, claims.sub, idleMinutes);
    if (!row) throw new HttpError(401, SIGN_IN_AGAIN);
    if (row.removed_at) throw new HttpError(403, STAFF_ONLY);
    if (row.ended) throw new HttpError(401, SIGN_IN_AGAIN);
    return { row, stage: claims.stage as SignInStage };
  }

  return {
    issue,

    /** The staff member of a sign-in step's token (`stage`); its session ends once the step is done. */
    async step(c: Context, stage: Exclude<SignInStage, 'signed-in'>): Promise<{ staffId: string; sessionId: string }> {
      const { row, stage: tokenStage } = await sessionOf(c);
      if (row.second_factor || tokenStage !== stage) throw new HttpError(403, STAFF_ONLY);
      return { staffId: row.staff_id, sessionId: row.id };
    },

    async end(tx: Queryable, sessionId: string): Promise<void> {
      await tx.query('UPDATE staff_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
    },

    /**
     * Every back-office route: a signed-in session (both factors) of a member who is still on the team, with
     * `role` (admins may do all staff may). Each request counts as activity for the idle timeout.
     */
    require: (role: StaffRole = 'staff') =>
      createMiddleware<StaffEnv>(async (c, next) => {
        const { row } = await sessionOf(c);
        if (!row.second_factor) throw new HttpError(403, STAFF_ONLY);
        if (role === 'admin' && row.role !== 'admin') throw new HttpError(403, 'This is for admins only');
        await db.query('UPDATE staff_sessions SET last_seen_at = now() WHERE id = $1', [row.id]);
        c.set('staff', { id: row.staff_id, email: row.email, role: row.role, sessionId: row.id });
        await next();
      }),
  };
}

export type StaffSessions = ReturnType<typeof staffSessions>;
