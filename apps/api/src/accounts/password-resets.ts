import type { Queryable } from '../db/db';

export async function insertPasswordReset(db: Queryable, reset: { tokenHash: string; customerId: string; expiresAt: string }): Promise<void> {
  await db.query('INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES ($1, $2, $3)', [reset.tokenHash, reset.customerId, reset.expiresAt]);
}

/** Marks the reset of this link used, if it is unused and unexpired; its customer. */
export async function usePasswordReset(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const [reset] = await db.query<{ customer_id: string }>(
    `UPDATE password_resets SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`,
    [tokenHash],
  );
  return reset?.customer_id;
}

/** Every unused reset link of the customer stops working (a new password, a logout everywhere, an undone email change). */
export async function cancelPasswordResets(db: Queryable, customerId: string): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL', [customerId]);
}
