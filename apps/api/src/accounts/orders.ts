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
  paid_at: Date | null;
  refunded_at: Date | null;
  /** Staff cancelled it once paid: why a refund is to be arranged. */
  refund_to_arrange: string | null;
  /** Read only with the customer's own list (ordersOf). */
  waiting_payment_id?: string | null;
}

export const toOrder = (row: OrderRow): Order => ({
  _id: row.id,
  items: row.items,
  shippingInfo: row.shipping_info,
  totalPrice: row.total_price,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  refundedAt: row.refunded_at ? new Date(row.refunded_at).toISOString() : null,
  refundToArrange: row.refund_to_arrange !== null && row.refunded_at === null,
  ...(row.waiting_payment_id === undefined ? {} : { waitingPaymentId: row.waiting_payment_id }),
});

/** A new order of the cart's lines, at the cart's prices. */
export async function insertOrder(db: Queryable, order: { id: string; customerId: string; cart: Cart; shippingInfo: Order['shippingInfo'] }): Promise<Order> {
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

/** The customer's orders, newest first, each with its M-Pesa request still waiting on a phone, if any. */
export async function ordersOf(db: Queryable, customerId: string): Promise<Order[]> {
  const rows = await db.query<OrderRow>(
    `SELECT o.*, (SELECT p.id FROM payments p WHERE p.order_id = o.id AND p.state = 'pending') AS waiting_payment_id
     FROM orders o WHERE o.customer_id = $1 ORDER BY o.created_at DESC`,
    [customerId],
  );
  return rows.map(toOrder);
}

/** One of the customer's orders; undefined for another customer's or an unknown one. */
export async function orderOf(db: Queryable, customerId: string, orderId: string): Promise<Order | undefined> {
  const [row] = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND customer_id = $2', [orderId, customerId]);
  return row && toOrder(row);
}

/**
 * Cancels the customer's order if it is still `cancellable`, with the change in its history, which staff read:
 * the customer cancelled it. Run in a transaction: the order is locked before its status is checked, so a
 * staff change racing this one (staff/order-routes.ts locks it too) lands wholly before or after, and the
 * status checked is the one replaced. Answers the order as it now is and whether this cancelled it; undefined
 * for another customer's or an unknown order.
 */
export async function cancelOrder(
  tx: Queryable,
  customerId: string,
  orderId: string,
  cancellable: readonly OrderStatus[],
): Promise<{ order: Order; cancelled: boolean; paymentWaiting?: boolean } | undefined> {
  const [current] = await tx.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND customer_id = $2 FOR UPDATE', [orderId, customerId]);
  if (!current) return undefined;
  // A paid order's money is given back by staff (docs/payments.md): the customer cannot cancel it here.
  if (!cancellable.includes(current.status) || current.paid_at) return { order: toOrder(current), cancelled: false };
  // Nor one with an M-Pesa request waiting on the phone: it may be paid any moment (a payment locks the order too).
  const [waiting] = await tx.query("SELECT 1 FROM payments WHERE order_id = $1 AND state = 'pending'", [orderId]);
  if (waiting) return { order: toOrder(current), cancelled: false, paymentWaiting: true };
  const [row] = await tx.query<OrderRow>("UPDATE orders SET status = 'Cancelled' WHERE id = $1 RETURNING *", [orderId]);
  await tx.query("INSERT INTO order_status_changes (order_id, from_status, to_status) VALUES ($1, $2, 'Cancelled')", [orderId, current.status]);
  return { order: toOrder(row!), cancelled: true };
}
