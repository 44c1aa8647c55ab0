import type { Queryable } from '../db/db';

/** Who did it: a signed-in member, or an address that tried to sign in. */
export interface Actor {
  id: string | null;
  email: string | null;
}

/**
 * Appends one row to the audit log: every staff write and every sign-in, with who, when, what, and the
 * values before and after. The table refuses updates and deletes (a trigger), and no route writes it
 * otherwise: nobody edits the log through the API.
 */
export async function audit(
  db: Queryable,
  actor: Actor,
  action: string,
  subject: string | null,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  await db.query('INSERT INTO audit_log (staff_id, staff_email, action, subject, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
    actor.id,
    actor.email,
    action,
    subject,
    change.before === undefined ? null : JSON.stringify(change.before),
    change.after === undefined ? null : JSON.stringify(change.after),
  ]);
}
