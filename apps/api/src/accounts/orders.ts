import type { Cart, Order, OrderStatus } from '@agri/api-client/contract';
import type { Queryable } from '../db/db';

/** A row of `orders` (staff read them too: staff/order-routes.ts). */
export interface OrderRow {
  id: string;
  items: Order['items'];
  shipping_info: Order['shippingInfo'];
  total_price: number;
  status: OrderStatus;
  created_at: Date;
}

export const toOrder = (row: OrderRow): Order => ({
  _id: row.id,
  items: row.items,
  shippingInfo: row.shipping_info,
  totalPrice: row.total_price,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});

/** A new order of the cart's lines, at the cart's prices. */
export async function insertOrder(
  db: Queryable,
  order: { id: string; customerId: string; cart: Cart; shippingInfo: Order['shippingInfo'] },
): Promise<Order> {
  const [row] = await db.query<OrderRow>(
    `INSERT INTO orders (id, customer_id, items, shipping_info, total_price, status)
     VALUES ($1, $2, $3, $4, $5, 'Ordered') RETURNING *`,
    [
      order.id,
      order.customerId,
      JSON.stringify(order.cart.items.map(({ course, quantity, price }) => ({ course, quantity, price }))),
      JSON.stringify(order.shippingInfo),
      order.cart.totalPrice,
    ],
  );
  return toOrder(row!);
}

/** The customer's orders, newest first. */
export async function ordersOf(db: Queryable, customerId: string): Promise<Order[]> {
  const rows = await db.query<OrderRow>('SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC', [customerId]);
  return rows.map(toOrder);
}

/** One of the customer's orders; undefined for another customer's or an unknown one. */
export async function orderOf(db: Queryable, customerId: string, orderId: string): Promise<Order | undefined> {
  const [row] = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND customer_id = $2', [orderId, customerId]);
  return row && toOrder(row);
}

/** Cancels the order and adds the change to its history, which staff read: the customer cancelled it. Run in a transaction. */
export async function cancelOrder(tx: Queryable, order: Order): Promise<Order> {
  const [row] = await tx.query<OrderRow>("UPDATE orders SET status = 'Cancelled' WHERE id = $1 RETURNING *", [order._id]);
  await tx.query("INSERT INTO order_status_changes (order_id, from_status, to_status) VALUES ($1, $2, 'Cancelled')", [order._id, order.status]);
  return toOrder(row!);
}
