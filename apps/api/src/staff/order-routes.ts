import { Hono } from 'hono';
import type { OrderStatus } from '@agri/api-client/contract';
import { ORDER_TRANSITIONS, orderTransitionRequestSchema, PAID_ORDER_CANCEL_MESSAGE, type StaffOrder } from '@agri/api-client/staff-contract';
import type { Queryable } from '../db/db';
import { readBody } from '../http';
import { HttpError } from '../http-error';
import { pathId } from '../request-guards';
import { toOrder, type OrderRow } from '../accounts/orders';
import type { Services } from '../services';
import { audit } from './audit';
import { paymentsOfOrders } from './payment-routes';
import type { StaffEnv, StaffSessions } from './staff-sessions';

/** An order with its customer and the changes of its status. */
interface StaffOrderRow extends OrderRow {
  customer_id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  history: { at: string; from: string; to: string; by: string | null }[];
}

const ORDERS_PAGE = 500;

const ORDER_SELECT = `
  SELECT o.*, c.firstname, c.lastname, c.email, c.mobile,
    coalesce((SELECT json_agg(json_build_object('at', h.changed_at, 'from', h.from_status, 'to', h.to_status, 'by', s.email) ORDER BY h.id)
              FROM order_status_changes h LEFT JOIN staff s ON s.id = h.staff_id WHERE h.order_id = o.id), '[]'::json) AS history
  FROM orders o JOIN customers c ON c.id = o.customer_id`;

const toStaffOrder = (row: StaffOrderRow, payments: StaffOrder['payments']): StaffOrder => ({
  ...toOrder(row),
  customer: { id: row.customer_id, name: `${row.firstname} ${row.lastname}`, email: row.email, mobile: row.mobile },
  history: [
    { at: new Date(row.created_at).toISOString(), from: '', to: 'Ordered', by: 'customer' },
    ...row.history.map((change) => ({ at: new Date(change.at).toISOString(), from: change.from, to: change.to, by: change.by ?? 'customer' })),
  ],
  payments,
});

/** The orders of `rows`, each with its payments. */
async function withPayments(db: Queryable, rows: StaffOrderRow[]): Promise<StaffOrder[]> {
  const payments = await paymentsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStaffOrder(row, payments.get(row.id) ?? []));
}

async function orderOf(db: Queryable, id: string): Promise<StaffOrder> {
  const [row] = await db.query<StaffOrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  if (!row) throw new HttpError(404, 'Order not found');
  const [order] = await withPayments(db, [row]);
  return order!;
}

/** Every customer's orders, and the moves between statuses that staff make (ORDER_TRANSITIONS, checked here). */
export function orderRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db } = services;
  const staff = sessions.require();
  return new Hono<StaffEnv>()
    .get('/orders', staff, async (c) =>
      c.json(await withPayments(db, await db.query<StaffOrderRow>(`${ORDER_SELECT} ORDER BY o.created_at DESC LIMIT ${ORDERS_PAGE}`))),
    )
    .get('/orders/:id', staff, async (c) => c.json(await orderOf(db, pathId(c, 'Order'))))
    .put('/orders/:id/status', staff, async (c) => {
      const id = pathId(c, 'Order');
      const { status, refundToArrange } = await readBody(c, orderTransitionRequestSchema);
      const staffMember = c.get('staff');
      await db.transaction(async (tx) => {
        const [order] = await tx.query<{ status: OrderStatus; paid_at: Date | null; refunded_at: Date | null }>(
          'SELECT status, paid_at, refunded_at FROM orders WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!order) throw new HttpError(404, 'Order not found');
        if (!ORDER_TRANSITIONS[order.status].includes(status)) {
          throw new HttpError(409, `An order that is ${order.status} cannot be moved to ${status}`);
        }
        // The customer may be entering their PIN: cancelled now, the order could be paid a moment later.
        if (status === 'Cancelled' && (await tx.query("SELECT 1 FROM payments WHERE order_id = $1 AND state = 'pending'", [id])).length > 0) {
          throw new HttpError(409, 'An M-Pesa request is waiting on the customer’s phone. Try again in a few minutes.');
        }
        // A paid order's money must not be forgotten: refunded in full already, or a refund to be arranged, and why.
        const owed = status === 'Cancelled' && order.paid_at !== null && order.refunded_at === null;
        if (owed && !refundToArrange) throw new HttpError(409, PAID_ORDER_CANCEL_MESSAGE);
        const refund = owed ? (refundToArrange ?? null) : null;
        await tx.query('UPDATE orders SET status = $2, refund_to_arrange = coalesce($3, refund_to_arrange) WHERE id = $1', [id, status, refund]);
        await tx.query('INSERT INTO order_status_changes (order_id, from_status, to_status, staff_id) VALUES ($1, $2, $3, $4)', [
          id,
          order.status,
          status,
          staffMember.id,
        ]);
        await audit(tx, staffMember, 'order status changed', `order:${id}`, {
          before: { status: order.status },
          after: { status, ...(refund ? { refund: `to be arranged: ${refund}` } : {}) },
        });
      });
      return c.json(await orderOf(db, id));
    });
}
