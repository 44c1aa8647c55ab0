import type { Queryable } from '../db/db';

/** One registration attempt: the browser that started it holds its token; the code completes only it. */
export interface AttemptRow {
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

/** The unexpired attempt whose token hashes to `id`. */
export async function attemptById(db: Queryable, id: string): Promise<AttemptRow | undefined> {
  const [row] = await db.query<AttemptRow>('SELECT * FROM registration_attempts WHERE id = $1 AND expires_at > now()', [id]);
  return row;
}

export async function insertAttempt(
  db: Queryable,
  attempt: Omit<AttemptRow, 'otp_attempts' | 'otp_expires_at'> & { otp_expires_at: string; expires_at: string },
): Promise<void> {
  await db.query(
    `INSERT INTO registration_attempts
       (id, email, firstname, lastname, mobile, password_hash, otp_hash, otp_expires_at, expires_at, existing_account)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      attempt.id,
      attempt.email,
      attempt.firstname,
      attempt.lastname,
      attempt.mobile,
      attempt.password_hash,
      attempt.otp_hash,
      attempt.otp_expires_at,
      attempt.expires_at,
      attempt.existing_account,
    ],
  );
}

/** A new code for the attempt, with its tries counted afresh. */
export async function renewCode(db: Queryable, id: string, otpHash: string, expiresAt: string): Promise<void> {
  await db.query('UPDATE registration_attempts SET otp_hash = $2, otp_expires_at = $3, otp_attempts = 0 WHERE id = $1', [id, otpHash, expiresAt]);
}

/**
 * Counts one try of a code, in one statement, if the attempt has tries left: tries sent at once, to any
 * instance, cannot all pass a check made before. False when none was left.
 */
export async function countCodeTry(db: Queryable, id: string, maxTries: number): Promise<boolean> {
  const counted = await db.query('UPDATE registration_attempts SET otp_attempts = otp_attempts + 1 WHERE id = $1 AND otp_attempts < $2 RETURNING id', [
    id,
    maxTries,
  ]);
  return counted.length > 0;
}

/** Expired attempts are of no use to anyone: each new one clears them, so the table stays small. */
export async function deleteExpiredAttempts(db: Queryable): Promise<void> {
  await db.query('DELETE FROM registration_attempts WHERE expires_at < now()');
}

/** Every attempt for this email ends: the code is single use and a racing attempt cannot follow. */
export async function endAttemptsFor(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM registration_attempts WHERE email = $1', [email]);
}
