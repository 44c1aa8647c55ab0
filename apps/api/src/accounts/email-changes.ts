import type { Queryable } from '../db/db';

/**
 * The two links an email change mails, the confirmation to the new address and the undo to the old one, are
 * kept alike: by the token's hash, for one customer, carrying an address, used once before they expire. The
 * table and the address column are constants, never input.
 */
function emailChangeLinks<Address extends 'new_email' | 'old_email'>(table: 'email_changes' | 'email_change_undos', address: Address) {
  type Link = { customer_id: string } & Record<Address, string>;
  return {
    async insert(db: Queryable, link: { tokenHash: string; customerId: string; address: string; expiresAt: string }): Promise<void> {
      await db.query(`INSERT INTO ${table} (token_hash, customer_id, ${address}, expires_at) VALUES ($1, $2, $3, $4)`, [
        link.tokenHash,
        link.customerId,
        link.address,
        link.expiresAt,
      ]);
    },
    /** Marks the link used, if it is unused and unexpired; its customer and address. */
    async use(db: Queryable, tokenHash: string): Promise<Link | undefined> {
      const [link] = await db.query<Link>(
        `UPDATE ${table} SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id, ${address}`,
        [tokenHash],
      );
      return link;
    },
    /** Every unused link of the customer stops working. */
    async cancelAll(db: Queryable, customerId: string): Promise<void> {
      await db.query(`UPDATE ${table} SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [customerId]);
    },
  };
}

const confirmations = emailChangeLinks('email_changes', 'new_email');
const undos = emailChangeLinks('email_change_undos', 'old_email');

export async function insertEmailChange(db: Queryable, change: { tokenHash: string; customerId: string; newEmail: string; expiresAt: string }): Promise<void> {
  await confirmations.insert(db, { ...change, address: change.newEmail });
}

/** Marks the change of this link used, if it is unused and unexpired; its customer and new email. */
export const useEmailChange = (db: Queryable, tokenHash: string): Promise<{ customer_id: string; new_email: string } | undefined> =>
  confirmations.use(db, tokenHash);

/** Every change the customer asked for and has not confirmed stops working (a reset, a logout everywhere, an undo). */
export const cancelPendingEmailChanges = (db: Queryable, customerId: string): Promise<void> => confirmations.cancelAll(db, customerId);

/** A link for the old address that undoes an email change until `expiresAt`. */
export async function insertEmailChangeUndo(
  db: Queryable,
  undo: { tokenHash: string; customerId: string; oldEmail: string; expiresAt: string },
): Promise<void> {
  await undos.insert(db, { ...undo, address: undo.oldEmail });
}

/** Spends the undo link, and every other of the customer's; its customer and the address to go back to. */
export async function useEmailChangeUndo(db: Queryable, tokenHash: string): Promise<{ customer_id: string; old_email: string } | undefined> {
  const undo = await undos.use(db, tokenHash);
  if (undo) await undos.cancelAll(db, undo.customer_id);
  return undo;
}
