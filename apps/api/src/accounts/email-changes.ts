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

/** Every change the customer asked for and has not confirmed stops working (a reset, a logout everywhere, an undo). */
export async function cancelPendingEmailChanges(db: Queryable, customerId: string): Promise<void> {
  await db.query('UPDATE email_changes SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL', [customerId]);
}

/** A link for the old address that undoes an email change until `expiresAt`. */
export async function insertEmailChangeUndo(
  db: Queryable,
  undo: { tokenHash: string; customerId: string; oldEmail: string; expiresAt: string },
): Promise<void> {
  await db.query('INSERT INTO email_change_undos (token_hash, customer_id, old_email, expires_at) VALUES ($1, $2, $3, $4)', [
    undo.tokenHash,
    undo.customerId,
    undo.oldEmail,
    undo.expiresAt,
  ]);
}

/** Spends the undo link, and every other of the customer's; its customer and the address to go back to. */
export async function useEmailChangeUndo(db: Queryable, tokenHash: string): Promise<{ customer_id: string; old_email: string } | undefined> {
  const [undo] = await db.query<{ customer_id: string; old_email: string }>(
    `UPDATE email_change_undos SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id, old_email`,
    [tokenHash],
  );
  if (undo) await db.query('UPDATE email_change_undos SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL', [undo.customer_id]);
  return undo;
}
