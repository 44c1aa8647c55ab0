import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/db';
import { sha256 } from '../accounts/one-time-tokens';

/**
 * The staff's second factor: TOTP (RFC 6238: SHA-1, six digits, 30-second steps, which every authenticator
 * app reads) through the `otpauth` library, and one-time recovery codes.
 */
const ISSUER = 'Mavuno Agri-Food';
/** A code of the step before or after is accepted too: phones' clocks drift. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, email: string) => new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret) });

/** A new secret for `email`: the base32 text to type, the otpauth:// URI to scan. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/**
 * The time step a code was made for, if it is valid now (within the window), else null. The caller refuses
 * a step at or before the last one used, so a code seen over a shoulder cannot be used again.
 */
export function stepOfCode(secret: string, email: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret, email);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Records `step` as the last used, only if it is later than the last used: in one statement, so two
 * requests racing with the same code cannot both pass.
 */
export async function useStep(db: Queryable, staffId: string, step: number): Promise<boolean> {
  const rows = await db.query('UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id', [
    staffId,
    step,
  ]);
  return rows.length === 1;
}

/** Recovery codes as people copy them: 'k7qf-2mzx-9bte' (about 59 random bits each), stored only as hashes. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function newRecoveryCodes(db: Queryable, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(12)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [staffId]);
  for (const code of codes) {
    await db.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [staffId, sha256(normalise(code))]);
  }
  return codes;
}

/** Uses a recovery code once: true the first time it is given, never again. */
export async function useRecoveryCode(db: Queryable, staffId: string, code: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE staff_recovery_codes SET used_at = now() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING code_hash',
    [staffId, sha256(normalise(code))],
  );
  return rows.length === 1;
}
