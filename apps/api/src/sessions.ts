import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Queryable } from './db/db';

/**
 * The session rule, for any kind of signed-in person (customers here; staff use the same with their own
 * table). A session is a row whose id is the signed token's `jti`: it ends at `absoluteSeconds` after sign-in,
 * or after `idleSeconds` without a request, or when revoked (logout, new password, new email), whichever
 * comes first. The row is the truth and every instance reads it, so several instances behave as one.
 */
export interface SessionRule {
  /** Its table: id text, <ownerColumn> text, expires_at, last_seen_at and revoked_at timestamptz. A constant, never input. */
  table: string;
  ownerColumn: string;
  absoluteSeconds: number;
  idleSeconds: number;
}

export interface Sessions {
  /** Opens a session and returns its signed token. */
  issue(db: Queryable, ownerId: string): Promise<string>;
  /** The session and owner of a valid token whose session is open, neither expired nor idle; renews its idle limit. */
  verify(db: Queryable, token: string): Promise<{ sessionId: string; ownerId: string } | null>;
  /** Ends one session (a logout). */
  revoke(db: Queryable, sessionId: string): Promise<void>;
  /** Ends every open session of the owner, but `keep` if given (a new password set from one of them). */
  revokeAll(db: Queryable, ownerId: string, keep?: string): Promise<void>;
}

/**
 * The signed token of a session, a customer's or a staff member's: an HS256 JWT naming its owner (`sub`), its
 * row (`jti`) and its kind of session (`aud`), good until the session expires. `claims` adds what a kind needs
 * (a staff sign-in step's stage).
 */
export function signSessionToken(
  key: Uint8Array,
  session: { audience: string; ownerId: string; sessionId: string; expiresAt: Date; claims?: JWTPayload },
): Promise<string> {
  return new SignJWT(session.claims ?? {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.ownerId)
    .setJti(session.sessionId)
    .setAudience(session.audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(key);
}

export function createSessions(secret: string, rule: SessionRule): Sessions {
  const key = new TextEncoder().encode(secret);
  const { table, ownerColumn } = rule;
  // The token names the table it belongs to: a token of one kind of session is never read as another's.
  const audience = table;
  return {
    async issue(db, ownerId) {
      const sessionId = randomUUID();
      const expiresAt = new Date(Date.now() + rule.absoluteSeconds * 1000);
      await db.query(`INSERT INTO ${table} (id, ${ownerColumn}, expires_at) VALUES ($1, $2, $3)`, [sessionId, ownerId, expiresAt.toISOString()]);
      return signSessionToken(key, { audience, ownerId, sessionId, expiresAt });
    },
    async verify(db, token) {
      let sessionId: string | undefined;
      let ownerId: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience });
        sessionId = payload.jti;
        ownerId = payload.sub;
      } catch {
        return null;
      }
      if (!sessionId || !ownerId) return null;
      // Checked and renewed in one statement, so two instances answering at once agree.
      const rows = await db.query<{ id: string }>(
        `UPDATE ${table} SET last_seen_at = now()
         WHERE id = $1 AND ${ownerColumn} = $2 AND revoked_at IS NULL AND expires_at > now()
           AND last_seen_at > now() - $3 * interval '1 second'
         RETURNING id`,
        [sessionId, ownerId, rule.idleSeconds],
      );
      return rows.length === 1 ? { sessionId, ownerId } : null;
    },
    async revoke(db, sessionId) {
      await db.query(`UPDATE ${table} SET revoked_at = now() WHERE id = $1`, [sessionId]);
    },
    async revokeAll(db, ownerId, keep) {
      await db.query(`UPDATE ${table} SET revoked_at = now() WHERE ${ownerColumn} = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2`, [
        ownerId,
        keep ?? null,
      ]);
    },
  };
}
