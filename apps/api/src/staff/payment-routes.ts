import { Hono, type Context } from 'hono';
import { formatKes, maskedPhone, shortReference } from '@agri/api-client/contract';
import {
  paymentFilterSchema,
  recordPaymentRequestSchema,
  recordRefundRequestSchema,
  type PaymentFilter,
  type RecordRefundRequest,
  type StaffPayment,
} from '@agri/api-client/staff-contract';
import { sqlConditions } from '../db/conditions';
import type { Queryable } from '../db/db';
import { newId } from '../dialect';
import { check, readBody } from '../http';
import { HttpError } from '../http-error';
import { claimKey, once } from '../idempotency';
import { pathId } from '../request-guards';
import type { Services } from '../services';
import { audit } from './audit';
import { toCsv } from './csv';
import type { StaffEnv, StaffSessions } from './staff-sessions';

/** The list shows the newest 500 that match; the export holds every match up to this. */
const LIST_PAGE = 500;
const EXPORT_LIMIT = 20_000;

interface StaffPaymentRow {
  id: string;
  order_id: string | null;
  booking_id: string | null;
  lead_id: string | null;
  event_title: string | null;
  method: StaffPayment['method'];
  state: StaffPayment['state'];
  amount: number;
  phone: string | null;
  receipt: string | null;
  result_words: string | null;
  closed_paid: string | null;
  refund_of: string | null;
  refunded: number;
  recorded_by_email: string | null;
  reason: string | null;
  created_at: Date;
  settled_at: Date | null;
  payer_name: string;
}

/** A payment with who paid: the customer of its order, or the visitor of its booking (and the booking's lead). */
const PAYMENT_SELECT = `
  SELECT p.*, s.email AS recorded_by_email, l.id AS lead_id, b.event ->> 'title' AS event_title,
         (SELECT coalesce(sum(r.amount), 0)::int FROM payments r WHERE r.refund_of = p.id) AS refunded,
         coalesce(c.firstname || ' ' || c.lastname, b.contact_details ->> 'name') AS payer_name
  FROM payments p
  LEFT JOIN orders o ON o.id = p.order_id LEFT JOIN customers c ON c.id = o.customer_id
  LEFT JOIN bookings b ON b.id = p.booking_id LEFT JOIN leads l ON l.kind = 'booking' AND l.source_id = p.booking_id
  LEFT JOIN staff s ON s.id = p.recorded_by`;

const toStaffPayment = (row: StaffPaymentRow): StaffPayment => ({
  id: row.id,
  orderId: row.order_id,
  bookingId: row.booking_id,
  leadId: row.lead_id,
  eventTitle: row.event_title,
  reference: shortReference(row.order_id ?? row.booking_id ?? row.id),
  payerName: row.payer_name,
  method: row.method,
  state: row.state,
  amount: row.amount,
  phone: row.phone === null ? null : maskedPhone(row.phone),
  receipt: row.receipt,
  message: row.result_words,
  paidAfterClose: row.closed_paid === 'confirmed',
  refundOf: row.refund_of,
  refunded: row.refunded,
  recordedBy: row.recorded_by_email,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
});

/** The payments that match, newest first (the dates are Kenyan days, inclusive). */
async function findPayments(db: Queryable, filter: PaymentFilter & { orderIds?: string[]; ids?: string[] }, limit: number): Promise<StaffPayment[]> {
  const sql = sqlConditions();
  if (filter.state) sql.add(`p.state = ${sql.param(filter.state)}`);
  if (filter.orderIds) sql.add(`p.order_id = ANY(${sql.param(filter.orderIds)})`);
  if (filter.ids) sql.add(`p.id = ANY(${sql.param(filter.ids)})`);
  sql.kenyanDays('p.created_at', filter);
  const rows = await db.query<StaffPaymentRow>(`${PAYMENT_SELECT} ${sql.where()} ORDER BY p.created_at DESC, p.id LIMIT ${limit}`, sql.params);
  return rows.map(toStaffPayment);
}

/** The payments of each of `orderIds`, oldest first, as the back office shows them with their order. */
export async function paymentsOfOrders(db: Queryable, orderIds: string[]): Promise<Map<string, StaffPayment[]>> {
  const byOrder = new Map<string, StaffPayment[]>(orderIds.map((id) => [id, []]));
  for (const payment of (await findPayments(db, { orderIds }, EXPORT_LIMIT)).reverse()) byOrder.get(payment.orderId ?? '')?.push(payment);
  return byOrder;
}

const METHOD_LABELS: Record<StaffPayment['method'], string> = { mpesa: 'M-Pesa', cash: 'Cash', bank: 'Bank transfer' };

/**
 * Records money given back by hand on a payment received, in one transaction with what it paid for: never more than
 * is left of that payment; what was paid for is refunded (refunded_at) once all that was paid for it is given back.
 */
async function recordRefund(tx: Queryable, refund: { id: string; paymentId: string; staffId: string } & RecordRefundRequest): Promise<string> {
  const [payment] = await tx.query<{ id: string; order_id: string | null; booking_id: string | null; amount: number; state: string }>(
    'SELECT id, order_id, booking_id, amount, state FROM payments WHERE id = $1 FOR UPDATE',
    [refund.paymentId],
  );
  if (!payment) throw new HttpError(404, 'Payment not found');
  if (payment.state !== 'paid') throw new HttpError(409, 'Only a payment received can be refunded');
  const [{ refunded } = { refunded: 0 }] = await tx.query<{ refunded: number }>(
    'SELECT coalesce(sum(amount), 0)::int AS refunded FROM payments WHERE refund_of = $1',
    [payment.id],
  );
  const left = payment.amount - refunded;
  if (left <= 0) throw new HttpError(409, 'This payment is refunded in full');
  if (refund.amount > left) throw new HttpError(400, `At most ${formatKes(left)} is left to refund on this payment`);
  if (refund.reference && (await tx.query('SELECT 1 FROM payments WHERE receipt = $1', [refund.reference])).length > 0) {
    throw new HttpError(409, 'A payment with this reference is already recorded');
  }
  await tx.query(
    `INSERT INTO payments (id, order_id, booking_id, method, amount, state, receipt, recorded_by, reason, refund_of, settled_at)
     VALUES ($1, $2, $3, $4, $5, 'refunded', $6, $7, $8, $9, now())`,
    [refund.id, payment.order_id, payment.booking_id, refund.method, refund.amount, refund.reference || null, refund.staffId, refund.reason, payment.id],
  );
  const [table, column, paidFor] = payment.order_id !== null ? ['orders', 'order_id', payment.order_id] : ['bookings', 'booking_id', payment.booking_id];
  await tx.query(
    `UPDATE ${table} SET refunded_at = now() WHERE id = $1 AND refunded_at IS NULL
       AND (SELECT sum(CASE state WHEN 'paid' THEN amount WHEN 'refunded' THEN -amount ELSE 0 END) FROM payments WHERE ${column} = $1) <= 0`,
    [paidFor],
  );
  return payment.order_id !== null ? `order:${payment.order_id}` : `booking:${payment.booking_id}`;
}

/**
 * Payments in the back office: every one, filtered by state and date, exported as CSV; an admin's record of a
 * payment received another way (cash, a bank transfer), which pays the order, and of a refund given by hand, each
 * with its reason in the audit log.
 */
export function staffPaymentRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db } = services;
  const staff = sessions.require();
  const admin = sessions.require('admin');
  const filterOf = async (c: Context) => check(paymentFilterSchema, Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== '')));

  return new Hono<StaffEnv>()
    .get('/payments', staff, async (c) => c.json(await findPayments(db, await filterOf(c), LIST_PAGE)))
    .get('/payments/export', staff, async (c) => {
      const payments = await findPayments(db, await filterOf(c), EXPORT_LIMIT);
      const csv = toCsv([
        ['Started', 'Settled', 'For', 'Reference', 'Paid by', 'Method', 'State', 'Amount (KES)', 'Phone', 'Receipt', 'Why not paid', 'Recorded by', 'Reason'],
        ...payments.map((payment) => [
          payment.createdAt,
          payment.settledAt ?? '',
          payment.bookingId === null ? 'Order' : `Booking: ${payment.eventTitle ?? ''}`,
          payment.reference,
          payment.payerName,
          METHOD_LABELS[payment.method],
          payment.paidAfterClose ? `${payment.state}, paid after it was closed` : payment.state,
          // Money given back counts against what came in: a column that sums to what the business kept.
          payment.state === 'refunded' ? -payment.amount : payment.amount,
          payment.phone ?? '',
          payment.receipt ?? '',
          payment.message ?? '',
          payment.recordedBy ?? '',
          payment.reason ?? '',
        ]),
      ]);
      c.header('Content-Disposition', `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .post('/orders/:id/payments', admin, once(services), async (c) => {
      const orderId = pathId(c, 'Order');
      const { method, amount, reference, reason } = await readBody(c, recordPaymentRequestSchema);
      await claimKey(c);
      const member = c.get('staff');
      await db.transaction(async (tx) => {
        const [order] = await tx.query<{ total_price: number; paid_at: Date | null }>('SELECT total_price, paid_at FROM orders WHERE id = $1 FOR UPDATE', [
          orderId,
        ]);
        if (!order) throw new HttpError(404, 'Order not found');
        if (order.paid_at) throw new HttpError(409, 'This order is already paid');
        if ((await tx.query("SELECT 1 FROM payments WHERE order_id = $1 AND state = 'pending'", [orderId])).length > 0) {
          throw new HttpError(409, 'An M-Pesa request is waiting on the customer’s phone. Try again in a few minutes.');
        }
        if (amount !== order.total_price) throw new HttpError(400, `The amount must be the order's total, ${formatKes(order.total_price)}`);
        if (reference && (await tx.query('SELECT 1 FROM payments WHERE receipt = $1', [reference])).length > 0) {
          throw new HttpError(409, 'A payment with this reference is already recorded');
        }
        const id = newId(services.config.dialect);
        await tx.query(
          `INSERT INTO payments (id, order_id, method, amount, state, receipt, recorded_by, reason, settled_at)
           VALUES ($1, $2, $3, $4, 'paid', $5, $6, $7, now())`,
          [id, orderId, method, amount, reference || null, member.id, reason],
        );
        await tx.query('UPDATE orders SET paid_at = now() WHERE id = $1', [orderId]);
        await audit(tx, member, 'payment recorded', `order:${orderId}`, { after: { payment: id, method, amount, reference: reference || null, reason } });
      });
      return c.json((await paymentsOfOrders(db, [orderId])).get(orderId), 201);
    })
    .post('/payments/:id/refunds', admin, once(services), async (c) => {
      const paymentId = pathId(c, 'Payment');
      const request = await readBody(c, recordRefundRequestSchema);
      await claimKey(c);
      const member = c.get('staff');
      const id = newId(services.config.dialect);
      await db.transaction(async (tx) => {
        const subject = await recordRefund(tx, { ...request, id, paymentId, staffId: member.id });
        await audit(tx, member, 'refund recorded', subject, { after: { refund: id, of: paymentId, ...request, reference: request.reference || null } });
      });
      return c.json((await findPayments(db, { ids: [id] }, 1))[0], 201);
    });
}
