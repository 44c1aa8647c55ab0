import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db/db';

export interface TokenSigner {
  /** Opens a server-side session and returns its signed token. */
  issue(db: Queryable, customerId: string): Promise<string>;
  /** The session id (jti) and customer id of a valid, unrevoked token, or null. */
  verify(db: Queryable, token: string): Promise<{ sessionId: string; customerId: string } | null>;
  /** Ends one session (a logout). */
  revoke(db: Queryable, sessionId: string): Promise<void>;
  /** Ends every open session of the customer (a new password). */
  revokeAll(db: Queryable, customerId: string): Promise<void>;
}

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(db, customerId) {
      const sessionId = randomUUID();
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      await db.query('INSERT INTO sessions (id, customer_id, expires_at) VALUES ($1, $2, $3)', [
        sessionId,
        customerId,
        expiresAt.toISOString(),
      ]);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customerId)
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(db, token) {
      let sessionId: string | undefined;
      let customerId: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        sessionId = payload.jti;
        customerId = payload.sub;
      } catch {
        return null;
      }
      if (!sessionId || !customerId) return null;
      // Logout and password reset revoke the session; the signature alone is not enough.
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM sessions WHERE id = $1 AND customer_id = $2 AND revoked_at IS NULL AND expires_at > now()',
        [sessionId, customerId],
      );
      return rows.length === 1 ? { sessionId, customerId } : null;
    },
    async revoke(db, sessionId) {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sessionId]);
    },
    async revokeAll(db, customerId) {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL', [customerId]);
    },
  };
}

/** Reset tokens and OTP codes are stored only as hashes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
