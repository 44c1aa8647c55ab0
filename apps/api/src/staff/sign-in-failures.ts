import type { SignInFailures } from '@agri/api-client/staff-contract';
import type { Queryable } from '../db/db';

/** The addresses tried kept per row: enough to see what was aimed at, not a list an attacker can grow. */
const EMAILS_KEPT = 5;
/** Rows kept: the newest, by last try. A flood from rotating addresses ages out its own rows first. */
export const ROWS_KEPT = 10_000;
const DAYS_KEPT = 30;
const LISTED = 100;

/**
 * Counts a failed staff password sign-in against its source address and today (sign_in_failures, migration
 * 009), in place of an audit entry each; and keeps the table to its bounds.
 */
export async function recordSignInFailure(db: Queryable, source: string, email: string): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_failures (source, day, tries, emails) VALUES ($1, current_date, 1, ARRAY[$2::text])
     ON CONFLICT (source, day) DO UPDATE SET tries = sign_in_failures.tries + 1, last_at = now(),
       emails = CASE WHEN $2 = ANY (sign_in_failures.emails) OR cardinality(sign_in_failures.emails) >= ${EMAILS_KEPT}
                THEN sign_in_failures.emails ELSE sign_in_failures.emails || $2::text END`,
    [source, email],
  );
  await db.query(
    `DELETE FROM sign_in_failures WHERE day < current_date - ${DAYS_KEPT}
       OR (source, day) IN (SELECT source, day FROM sign_in_failures ORDER BY last_at DESC OFFSET ${ROWS_KEPT})`,
  );
}

/** The newest rows, for admins (GET /api/staff/sign-in-failures). */
export async function listSignInFailures(db: Queryable): Promise<SignInFailures> {
  const rows = await db.query<{ source: string; day: string | Date; tries: number; emails: string[]; first_at: string | Date; last_at: string | Date }>(
    `SELECT source, day::text AS day, tries, emails, first_at, last_at FROM sign_in_failures ORDER BY last_at DESC LIMIT ${LISTED}`,
  );
  return rows.map((row) => ({
    source: row.source,
    day: String(row.day),
    tries: row.tries,
    emails: row.emails,
    firstAt: new Date(row.first_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
  }));
}
