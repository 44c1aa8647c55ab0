import type { Queryable } from '../db/db';

export async function insertEmailChange(db: Queryable, change: { tokenHash: string; customerId: string; newEmail: string; expiresAt: string }): Promise<void> {
  await db.query('INSERT INTO email_changes (token_hash, customer_id, new_email, expires_at) VALUES ($1, $2, $3, $4)', [
    change.tokenHash,
    change.customerId,
    change.newEmail,
    change.expiresAt,
  ]);
}

/** Marks the change of this link used, if it is unused and unexpired; its customer and new email. */
export async function useEmailChange(db: Queryable, tokenHash: string): Promise<{ customer_id: string; new_email: string } | undefined> {
  const [change] = await db.query<{ customer_id: string; new_email: string }>(
    `UPDATE email_changes SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id, new_email`,
    [tokenHash],
  );
  return change;
}
