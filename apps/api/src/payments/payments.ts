// M-Pesa payments of orders and event bookings (issue 37), in the `payments` table (an admin's record of a cash or
// bank payment is staff/payment-routes.ts's; the receipts' mailing is payment-watch.ts's). A payment is asked for
// (pending) here, then settled once by what Safaricom says (payment-settlement.ts).
import { createHash, randomBytes } from 'node:crypto';
import { shortReference, type Payment, type PaymentMethod, type PaymentState } from '@agri/api-client/contract';
import type { Queryable } from '../db/db';
import { HttpError } from '../http-error';

export interface PaymentRow {
  id: string;
  /** What it pays: one of the two. */
  order_id: string | null;
  booking_id: string | null;
  method: PaymentMethod;
  amount: number;
  phone: string | null;
  state: PaymentState;
  checkout_request_id: string | null;
  receipt: string | null;
  result_code: number | null;
  result_words: string | null;
  recorded_by: string | null;
  reason: string | null;
  created_at: Date;
  settled_at: Date | null;
  /** A success Safaricom reported after the payment was closed: being checked, then confirmed or refuted. */
  closed_paid: 'unverified' | 'confirmed' | 'refuted' | null;
}

export const toPayment = (row: PaymentRow): Payment => ({
  _id: row.id,
  orderId: row.order_id,
  bookingId: row.booking_id,
  state: row.state,
  amount: row.amount,
  phone: row.phone,
  receipt: row.receipt,
  message: row.result_words,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * A secret's stored form (a callback URL's token, a booking's payment token): only the hash is kept, so a copy of the
 * database can neither settle a payment nor pay a booking.
 */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A callback URL's or a booking's payment token: 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the customer is told when Daraja could not take the request (down, or refused it). */
export const PUSH_NOT_SENT = 'M-Pesa could not take the request just now. Please try again in a moment.';

export interface OpenedPayment {
  payment: PaymentRow;
  /** The secret of its callback URL, never stored. */
  callbackToken: string;
  /** The order's or booking's short reference: the AccountReference the customer's phone shows. */
  reference: string;
}

/**
 * The last word before a payment is opened, in its transaction, once the order or booking is known to be payable: the
 * limits that only a prompt really sent may count (a phone number's), thrown as a 429 (which undoes the count too).
 */
export type AdmitPayment = (tx: Queryable, paying: { id: string; phone: string }) => Promise<void>;

/**
 * A pending M-Pesa payment of the customer's order, for the order's whole price as the server has it. The order is
 * locked first, so two requests for one order cannot both start one (the unique index on pending payments holds
 * across instances too). Refused: another's or an unknown order (404), a cancelled or paid one, or one with a
 * request still waiting on a phone (409).
 */
export async function openOrderPayment(
  tx: Queryable,
  request: { id: string; customerId: string; orderId: string; phone: string; queryAfterSeconds: number; expirySeconds: number },
  admit: AdmitPayment,
): Promise<OpenedPayment> {
  const [order] = await tx.query<{ id: string; status: string; total_price: number; paid_at: Date | null }>(
    'SELECT id, status, total_price, paid_at FROM orders WHERE id = $1 AND customer_id = $2 FOR UPDATE',
    [request.orderId, request.customerId],
  );
  if (!order) throw new HttpError(404, 'Order not found');
  if (order.paid_at) throw new HttpError(409, 'This order is already paid');
  if (order.status === 'Cancelled') throw new HttpError(409, 'A cancelled order cannot be paid');
  return openPayment(tx, { ...request, paying: ['order_id', order.id], amount: order.total_price }, admit);
}

/** What a pending payment is asked for: the order or booking it pays (already locked), its amount, by whom. */
interface PaymentAsked extends PaymentTimes {
  id: string;
  paying: ['order_id' | 'booking_id', string];
  amount: number;
  phone: string;
}

/** When a pending payment is asked about (the STK query) and given up on, in seconds from now. */
interface PaymentTimes {
  queryAfterSeconds: number;
  expirySeconds: number;
}

/** A pending M-Pesa payment, unless one already waits on a phone for the same order or booking (409). */
async function openPayment(tx: Queryable, asked: PaymentAsked, admit: AdmitPayment): Promise<OpenedPayment> {
  const [column, payingId] = asked.paying;
  const [waiting] = await tx.query<{ id: string }>(`SELECT id FROM payments WHERE ${column} = $1 AND state = 'pending'`, [payingId]);
  if (waiting) throw new HttpError(409, 'A payment request is already waiting on a phone. Answer it, or try again in a minute.');
  await admit(tx, { id: payingId, phone: asked.phone });
  const callbackToken = newToken();
  const [payment] = await tx.query<PaymentRow>(
    `INSERT INTO payments (id, ${column}, method, amount, phone, state, callback_token_hash, query_after, expires_at)
     VALUES ($1, $2, 'mpesa', $3, $4, 'pending', $5, now() + $6 * interval '1 second', now() + $7 * interval '1 second')
     RETURNING *`,
    [asked.id, payingId, asked.amount, asked.phone, tokenHash(callbackToken), asked.queryAfterSeconds, asked.expirySeconds],
  );
  return { payment: payment!, callbackToken, reference: shortReference(payingId) };
}

/**
 * When a booking was paid (null: not yet), for a repeat of it. A booking's payment token is made once, when the booking
 * is first stored (requests.ts), and handed out in that answer alone (a repeat with the same Idempotency-Key gets that
 * answer again, idempotency.ts). A repeat without the key may be anyone's who knows the booker's details: it is told
 * this, never given a token, and the booker's token stays good.
 */
export async function bookingPaidAt(db: Queryable, bookingId: string): Promise<string | null> {
  const [booking] = await db.query<{ paid_at: Date | null }>('SELECT paid_at FROM bookings WHERE id = $1', [bookingId]);
  return booking?.paid_at ? new Date(booking.paid_at).toISOString() : null;
}

/**
 * A pending M-Pesa payment of an event booking, for the price the booking recorded (the server's, when it was made).
 * The booking's payment token stands for a session: a wrong one is an unknown booking (404). Refused as for orders:
 * a free event, a booking already paid, or one with a request still waiting on a phone (409).
 */
export async function openBookingPayment(
  tx: Queryable,
  request: PaymentTimes & { id: string; bookingId: string; bookingToken: string; phone: string },
  admit: AdmitPayment,
): Promise<OpenedPayment> {
  const [booking] = await tx.query<{ id: string; price: number; paid_at: Date | null }>(
    `SELECT id, (event ->> 'price')::integer AS price, paid_at FROM bookings WHERE id = $1 AND payment_token_hash = $2 FOR UPDATE`,
    [request.bookingId, tokenHash(request.bookingToken)],
  );
  if (!booking) throw new HttpError(404, 'Booking not found');
  if (booking.paid_at) throw new HttpError(409, 'This booking is already paid');
  if (!(booking.price > 0)) throw new HttpError(409, 'This event is free: there is nothing to pay');
  return openPayment(tx, { ...request, paying: ['booking_id', booking.id], amount: booking.price }, admit);
}

/** Daraja took the push: the callback and the query name it by this id from now on. */
export async function recordPushAccepted(db: Queryable, paymentId: string, checkoutRequestId: string): Promise<PaymentRow> {
  // A callback may have come first (it names the push too): the id it stored is the same.
  const [row] = await db.query<PaymentRow>(
    'UPDATE payments SET checkout_request_id = $2 WHERE id = $1 AND (checkout_request_id IS NULL OR checkout_request_id = $2) RETURNING *',
    [paymentId, checkoutRequestId],
  );
  return row!;
}

/** Daraja did not take the push: nothing was asked of the phone, so the payment failed and may be asked for again. */
export async function recordPushRefused(db: Queryable, paymentId: string): Promise<PaymentRow> {
  const [row] = await db.query<PaymentRow>(
    "UPDATE payments SET state = 'failed', result_words = $2, settled_at = now() WHERE id = $1 AND state = 'pending' RETURNING *",
    [paymentId, PUSH_NOT_SENT],
  );
  return row ?? (await paymentById(db, paymentId))!;
}

export const paymentById = async (db: Queryable, id: string): Promise<PaymentRow | undefined> =>
  (await db.query<PaymentRow>('SELECT * FROM payments WHERE id = $1', [id]))[0];

/** One of the customer's payments; undefined for another customer's or an unknown one. */
export async function paymentOf(db: Queryable, customerId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>('SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1 AND o.customer_id = $2', [
    id,
    customerId,
  ]);
  return row;
}

/** A booking's payment, followed with the booking's payment token; undefined with any other token. */
export async function bookingPaymentOf(db: Queryable, bookingToken: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>('SELECT p.* FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE p.id = $1 AND b.payment_token_hash = $2', [
    id,
    tokenHash(bookingToken),
  ]);
  return row;
}
