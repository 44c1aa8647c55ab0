import { Hono } from 'hono';
import {
  addToCartRequestSchema,
  createOrderRequestSchema,
  quantitySchema,
  updateOrderRequestSchema,
  type Cart,
  type Order,
  type OrderStatus,
} from '@agri/api-client';
import { answer, newId } from '../dialect';
import { check, HttpError, notFound, readBody, requireCustomer, type AuthEnv } from '../http';
import { pathId } from '../request-guards';
import type { Queryable } from '../db/db';
import type { Services } from '../services';

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

export interface OrderRow {
  id: string;
  items: Order['items'];
  shipping_info: Order['shippingInfo'];
  total_price: number;
  status: OrderStatus;
  created_at: Date;
}

/** A customer may cancel until the order leaves; other status changes belong to staff. */
const CANCELLABLE: OrderStatus[] = ['Ordered', 'Processing'];

export const toOrder = (row: OrderRow): Order => ({
  _id: row.id,
  items: row.items,
  shippingInfo: row.shipping_info,
  totalPrice: row.total_price,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});

async function cartOf(db: Queryable, customerId: string): Promise<Cart> {
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

/**
 * Cart and orders. Our API answers every cart change with the whole cart; the hosted API answers with the
 * changed item (its course unpopulated) or with the driver's write result, as MongoDB-style servers do.
 */
export function shopRoutes(services: Services): Hono<AuthEnv> {
  const { db } = services;
  const { dialect } = services.config;
  const writeResult = (count: number, verb: 'deleted' | 'modified') =>
    verb === 'deleted' ? { acknowledged: true, deletedCount: count } : { acknowledged: true, matchedCount: count, modifiedCount: count };
  // Per route, not .use(): this group shares the /user prefix with public account routes.
  const signedIn = requireCustomer(services);
  return new Hono<AuthEnv>()
    .post('/cart', signedIn, async (c) => {
      const { courseId, quantity } = await readBody(c, addToCartRequestSchema);
      const { id } = c.get('customer');
      const [course] = await db.query<{ price: number }>('SELECT price FROM courses WHERE id = $1 AND published', [courseId]);
      if (!course) throw notFound('Course');
      const [item] = await db.query<{ id: string; quantity: number; price: number }>(
        `INSERT INTO cart_items (id, customer_id, course_id, quantity, price) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (customer_id, course_id) DO UPDATE SET quantity = LEAST(cart_items.quantity + $4, 100)
         RETURNING id, quantity, price`,
        [newId(dialect), id, courseId, quantity, course.price],
      );
      return answer(c, dialect, await cartOf(db, id), () => ({ _id: item!.id, course: courseId, quantity: item!.quantity, price: item!.price }));
    })
    .get('/cart', signedIn, async (c) => answer(c, dialect, await cartOf(db, c.get('customer').id)))
    .delete('/delete-product-cart/:id', signedIn, async (c) => {
      const { id } = c.get('customer');
      const removed = await db.query('DELETE FROM cart_items WHERE id = $1 AND customer_id = $2 RETURNING id', [
        pathId(c, 'Cart item'),
        id,
      ]);
      if (removed.length === 0) throw notFound('Cart item');
      return answer(c, dialect, await cartOf(db, id), () => writeResult(1, 'deleted'));
    })
    .put('/update-product-cart/:id/:quantity', signedIn, async (c) => {
      const quantity = check(quantitySchema, Number(c.req.param('quantity')));
      const { id } = c.get('customer');
      const updated = await db.query('UPDATE cart_items SET quantity = $3 WHERE id = $1 AND customer_id = $2 RETURNING id', [
        pathId(c, 'Cart item'),
        id,
        quantity,
      ]);
      if (updated.length === 0) throw notFound('Cart item');
      return answer(c, dialect, await cartOf(db, id), () => writeResult(1, 'modified'));
    })
    .delete('/empty-cart', signedIn, async (c) => {
      const { id } = c.get('customer');
      const removed = await db.query('DELETE FROM cart_items WHERE customer_id = $1 RETURNING id', [id]);
      return answer(c, dialect, await cartOf(db, id), () => writeResult(removed.length, 'deleted'));
    })
    .post('/cart/create-order', signedIn, async (c) => {
      const { shippingInfo } = await readBody(c, createOrderRequestSchema);
      const { id } = c.get('customer');
      const order = await db.transaction(async (tx) => {
        const cart = await cartOf(tx, id);
        if (cart.items.length === 0) throw new HttpError(400, 'Your cart is empty');
        const [row] = await tx.query<OrderRow>(
          `INSERT INTO orders (id, customer_id, items, shipping_info, total_price, status)
           VALUES ($1, $2, $3, $4, $5, 'Ordered') RETURNING *`,
          [
            newId(dialect),
            id,
            JSON.stringify(cart.items.map(({ course, quantity, price }) => ({ course, quantity, price }))),
            JSON.stringify(shippingInfo),
            cart.totalPrice,
          ],
        );
        await tx.query('DELETE FROM cart_items WHERE customer_id = $1', [id]);
        return row as OrderRow;
      });
      return answer(c, dialect, toOrder(order));
    })
    .get('/getmyorders', signedIn, async (c) => {
      const rows = await db.query<OrderRow>('SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC', [
        c.get('customer').id,
      ]);
      return answer(c, dialect, rows.map(toOrder));
    })
    .put('/updateOrder/:id', signedIn, async (c) => {
      const orderId = pathId(c, 'Order');
      const { status } = await readBody(c, updateOrderRequestSchema);
      const [row] = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND customer_id = $2', [
        orderId,
        c.get('customer').id,
      ]);
      if (!row) throw notFound('Order');
      if (status !== 'Cancelled') throw new HttpError(403, 'Customers can only cancel an order');
      if (row.status === 'Cancelled') return answer(c, dialect, toOrder(row), () => writeResult(0, 'modified'));
      if (!CANCELLABLE.includes(row.status)) throw new HttpError(409, `An order that is ${row.status} can no longer be cancelled`);
      const updated = await db.transaction(async (tx) => {
        const [changed] = await tx.query<OrderRow>("UPDATE orders SET status = 'Cancelled' WHERE id = $1 RETURNING *", [row.id]);
        // The order's history, which staff read: the customer cancelled it.
        await tx.query("INSERT INTO order_status_changes (order_id, from_status, to_status) VALUES ($1, $2, 'Cancelled')", [row.id, row.status]);
        return changed;
      });
      return answer(c, dialect, toOrder(updated as OrderRow), () => writeResult(1, 'modified'));
    });
}
