import type { CourseSummary } from '@agri/api-client/contract';
import type { Queryable } from '../db/db';

const COURSE_SUMMARY_COLUMNS = 'c.id AS "_id", c.title, c.price, c.duration, c.category';

export async function courseExists(db: Queryable, courseId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId])).length > 0;
}

export async function wishlistOf(db: Queryable, customerId: string): Promise<CourseSummary[]> {
  return db.query<CourseSummary>(
    `SELECT ${COURSE_SUMMARY_COLUMNS} FROM wishlist w JOIN courses c ON c.id = w.course_id
     WHERE w.customer_id = $1 ORDER BY w.created_at, c.position`,
    [customerId],
  );
}

/** Removes the course from the wishlist if it is there, else adds it. */
export async function toggleWishlist(db: Queryable, customerId: string, courseId: string): Promise<void> {
  const removed = await db.query('DELETE FROM wishlist WHERE customer_id = $1 AND course_id = $2 RETURNING course_id', [customerId, courseId]);
  if (removed.length === 0) await db.query('INSERT INTO wishlist (customer_id, course_id) VALUES ($1, $2)', [customerId, courseId]);
}

/** The last ten courses the customer opened, latest first. */
export async function recentlyViewedOf(db: Queryable, customerId: string): Promise<CourseSummary[]> {
  return db.query<CourseSummary>(
    `SELECT ${COURSE_SUMMARY_COLUMNS} FROM recently_viewed r JOIN courses c ON c.id = r.course_id
     WHERE r.customer_id = $1 ORDER BY r.viewed_at DESC LIMIT 10`,
    [customerId],
  );
}
