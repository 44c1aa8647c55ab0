import { ALREADY_IN_CART_MESSAGE, type Cart } from '@agri/api-client/contract';
import type { Queryable } from '../db/db';
import { HttpError } from '../http-error';

interface CartRow {
  id: string;
  quantity: number;
  price: number;
  course_id: string;
  title: string;
  course_price: number;
  duration: string;
  category: string;
}

/** A changed cart line as the hosted API answers it: its course unpopulated. */
export interface CartLine {
  id: string;
  quantity: number;
  price: number;
}

export async function cartOf(db: Queryable, customerId: string): Promise<Cart> {
  const rows = await db.query<CartRow>(
    `SELECT i.id, i.quantity, i.price, c.id AS course_id, c.title, c.price AS course_price, c.duration, c.category
     FROM cart_items i JOIN courses c ON c.id = i.course_id
     WHERE i.customer_id = $1 ORDER BY i.created_at, i.id`,
    [customerId],
  );
  const items = rows.map((row) => ({
    _id: row.id,
    course: { _id: row.course_id, title: row.title, price: row.course_price, duration: row.duration, category: row.category },
    quantity: row.quantity,
    price: row.price,
  }));
  return { items, totalPrice: items.reduce((sum, item) => sum + item.price * item.quantity, 0) };
}

/** The price of a published course, or undefined for an unknown or unpublished one. */
export async function coursePrice(db: Queryable, courseId: string): Promise<number | undefined> {
  const [course] = await db.query<{ price: number }>('SELECT price FROM courses WHERE id = $1 AND published', [courseId]);
  return course?.price;
}

/** Adds the course, or more of it, at the price given. */
/**
 * A course put in the customer's cart, once: a course already there is refused (409), so a second tap never makes it
 * two seats; its seats change in the cart alone (setCartQuantity).
 */
export async function addToCart(db: Queryable, item: { id: string; customerId: string; courseId: string; quantity: number; price: number }): Promise<CartLine> {
  const [line] = await db.query<CartLine>(
    `INSERT INTO cart_items (id, customer_id, course_id, quantity, price) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, course_id) DO NOTHING
     RETURNING id, quantity, price`,
    [item.id, item.customerId, item.courseId, item.quantity, item.price],
  );
  if (!line) throw new HttpError(409, ALREADY_IN_CART_MESSAGE);
  return line;
}

/** False when the customer has no such line. */
export async function removeCartLine(db: Queryable, customerId: string, lineId: string): Promise<boolean> {
  return (await db.query('DELETE FROM cart_items WHERE id = $1 AND customer_id = $2 RETURNING id', [lineId, customerId])).length > 0;
}

/** False when the customer has no such line. */
export async function setCartQuantity(db: Queryable, customerId: string, lineId: string, quantity: number): Promise<boolean> {
  const updated = await db.query('UPDATE cart_items SET quantity = $3 WHERE id = $1 AND customer_id = $2 RETURNING id', [lineId, customerId, quantity]);
  return updated.length > 0;
}

/** How many lines were removed. */
export async function emptyCart(db: Queryable, customerId: string): Promise<number> {
  return (await db.query('DELETE FROM cart_items WHERE customer_id = $1 RETURNING id', [customerId])).length;
}
