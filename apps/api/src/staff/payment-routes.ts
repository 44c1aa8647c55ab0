import { Hono, type Context } from 'hono';
import { maskedPhone, shortReference } from '@agri/api-client/contract';
import { paymentFilterSchema, recordPaymentRequestSchema, type PaymentFilter, type StaffPayment } from '@agri/api-client/staff-contract';
import type { Queryable } from '../db/db';
import { newId } from '../dialect';
import { check, readBody } from '../http';
import { HttpError } from '../http-error';
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
  recorded_by_email: string | null;
  reason: string | null;
  created_at: Date;
  settled_at: Date | null;
  payer_name: string;
}

/** A payment with who paid: the customer of its order, or the visitor of its booking (and the booking's lead). */
const PAYMENT_SELECT = `
  SELECT p.*, s.email AS recorded_by_email, l.id AS lead_id, b.event ->> 'title' AS event_title,
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
  recordedBy: row.recorded_by_email,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
});

/** The payments that match, newest first (the dates are Kenyan days, inclusive). */
async function findPayments(db: Queryable, filter: PaymentFilter & { orderIds?: string[] }, limit: number): Promise<StaffPayment[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (filter.state) add((n) => `p.state = ${n}`, filter.state);
  if (filter.orderIds) add((n) => `p.order_id = ANY(${n})`, filter.orderIds);
  if (filter.from) add((n) => `p.created_at >= (${n}::date::timestamp AT TIME ZONE 'Africa/Nairobi')`, filter.from);
  if (filter.to) add((n) => `p.created_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Africa/Nairobi')`, filter.to);
  const rows = await db.query<StaffPaymentRow>(
    `${PAYMENT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.created_at DESC, p.id LIMIT ${limit}`,
    params,
  );
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
 * Payments in the back office: every one, filtered by state and date, exported as CSV; and an admin's record of a
 * payment received another way (cash, a bank transfer), which pays the order, with its reason in the audit log.
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
          payment.state,
          payment.amount,
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
    .post('/orders/:id/payments', admin, async (c) => {
      const orderId = pathId(c, 'Order');
      const { method, amount, reference, reason } = await readBody(c, recordPaymentRequestSchema);
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
        if (amount !== order.total_price) throw new HttpError(400, `The amount must be the order's total, KES ${order.total_price}`);
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
    });
}
