import type { Queryable } from '../db/db';

/** Adds the email to the newsletter; false when it was already subscribed. */
export async function subscribe(db: Queryable, email: string): Promise<boolean> {
  const inserted = await db.query('INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING email', [email]);
  return inserted.length > 0;
}
