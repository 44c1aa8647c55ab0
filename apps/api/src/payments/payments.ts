// M-Pesa payments of orders (issue 37), in the `payments` table (an admin's record of a cash or bank payment is
// staff/payment-routes.ts's; the receipts' mailing is payment-watch.ts's). A payment is asked for (pending), then
// settled once by what Safaricom says, by its callback or by the STK query, whichever comes first; what comes later
// changes nothing but a missing receipt number. The order's paid_at is set in the same transaction as the payment
// that paid it.
import { createHash, randomBytes } from 'node:crypto';
import { orderReference, type Payment, type PaymentMethod, type PaymentState } from '@agri/api-client/contract';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http-error';
import { paymentFailureWords } from './daraja';

export interface PaymentRow {
  id: string;
  order_id: string;
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
}

export const toPayment = (row: PaymentRow): Payment => ({
  _id: row.id,
  orderId: row.order_id,
  state: row.state,
  amount: row.amount,
  phone: row.phone,
  receipt: row.receipt,
  message: row.result_words,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The callback URL's secret: only its hash is stored, so a copy of the database cannot settle a payment. */
export const callbackTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What the customer is told when Daraja could not take the request (down, or refused it). */
export const PUSH_NOT_SENT = 'M-Pesa could not take the request just now. Please try again in a moment.';
/** A request the phone never answered in time. */
export const NO_ANSWER = 'No answer came from the phone in time. Please try again.';

export interface OpenedPayment {
  payment: PaymentRow;
  /** The secret of its callback URL, never stored. */
  callbackToken: string;
  /** The order's short reference: the AccountReference the customer's phone shows. */
  reference: string;
}

/**
 * A pending M-Pesa payment of the customer's order, for the order's whole price as the server has it. The order is
 * locked first, so two requests for one order cannot both start one (the unique index on pending payments holds
 * across instances too). Refused: another's or an unknown order (404), a cancelled or paid one, or one with a
 * request still waiting on a phone (409).
 */
export async function openOrderPayment(
  tx: Queryable,
  request: { id: string; customerId: string; orderId: string; phone: string; queryAfterSeconds: number; expirySeconds: number },
): Promise<OpenedPayment> {
  const [order] = await tx.query<{ id: string; status: string; total_price: number; paid_at: Date | null }>(
    'SELECT id, status, total_price, paid_at FROM orders WHERE id = $1 AND customer_id = $2 FOR UPDATE',
    [request.orderId, request.customerId],
  );
  if (!order) throw new HttpError(404, 'Order not found');
  if (order.paid_at) throw new HttpError(409, 'This order is already paid');
  if (order.status === 'Cancelled') throw new HttpError(409, 'A cancelled order cannot be paid');
  const [waiting] = await tx.query<{ id: string }>("SELECT id FROM payments WHERE order_id = $1 AND state = 'pending'", [order.id]);
  if (waiting) throw new HttpError(409, 'A payment request is already waiting on a phone. Answer it, or try again in a minute.');
  const callbackToken = randomBytes(32).toString('base64url');
  const [payment] = await tx.query<PaymentRow>(
    `INSERT INTO payments (id, order_id, method, amount, phone, state, callback_token_hash, query_after, expires_at)
     VALUES ($1, $2, 'mpesa', $3, $4, 'pending', $5, now() + $6 * interval '1 second', now() + $7 * interval '1 second')
     RETURNING *`,
    [request.id, order.id, order.total_price, request.phone, callbackTokenHash(callbackToken), request.queryAfterSeconds, request.expirySeconds],
  );
  return { payment: payment!, callbackToken, reference: orderReference(order.id) };
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

/** Daraja did not take the push: nothing was asked of the phone, so the payment failed and the order may be paid again. */
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

/** What Safaricom said of a push: by the callback (with what was paid, on success) or by the query (without). */
export interface SafaricomResult {
  resultCode: number;
  /** The callback's facts of a success; null from the query, which names no receipt. */
  paid: { amount: number; receipt: string; phone: string } | null;
}

export type SettleOutcome = 'paid' | 'failed' | 'unchanged' | 'mismatch';

/**
 * Settles a payment by Safaricom's word, in one transaction with its order, once: a success pays it (and the order,
 * unless another payment already did), a failure ends a pending one in the customer's words. A later word changes
 * nothing but a missing receipt number. A success whose amount, phone or receipt do not match is refused
 * ('mismatch'). Money Safaricom took is recorded even for a payment given up on (expired): the customer paid.
 */
export async function settlePayment(db: Db, paymentId: string, result: SafaricomResult): Promise<{ outcome: SettleOutcome; paidTwice: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<PaymentRow>('SELECT * FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
    if (!row) return { outcome: 'mismatch', paidTwice: false };
    if (result.resultCode !== 0) {
      if (row.state !== 'pending') return { outcome: 'unchanged', paidTwice: false };
      await tx.query('UPDATE payments SET state = $2, result_code = $3, result_words = $4, settled_at = now() WHERE id = $1', [
        row.id,
        result.resultCode === 1032 ? 'cancelled' : 'failed',
        result.resultCode,
        paymentFailureWords(result.resultCode),
      ]);
      return { outcome: 'failed', paidTwice: false };
    }
    const { paid } = result;
    if (paid) {
      if (paid.amount !== row.amount || paid.phone !== row.phone) return { outcome: 'mismatch', paidTwice: false };
      const [other] = await tx.query('SELECT 1 FROM payments WHERE receipt = $1 AND id <> $2', [paid.receipt, row.id]);
      if (other) return { outcome: 'mismatch', paidTwice: false };
    }
    if (row.state === 'paid') {
      if (paid && row.receipt === null) await tx.query('UPDATE payments SET receipt = $2 WHERE id = $1', [row.id, paid.receipt]);
      return { outcome: 'unchanged', paidTwice: false };
    }
    await tx.query("UPDATE payments SET state = 'paid', receipt = $2, result_code = 0, result_words = NULL, settled_at = now() WHERE id = $1", [
      row.id,
      paid?.receipt ?? null,
    ]);
    const orders = await tx.query('UPDATE orders SET paid_at = now() WHERE id = $1 AND paid_at IS NULL RETURNING id', [row.order_id]);
    return { outcome: 'paid', paidTwice: orders.length === 0 };
  });
}

/** A pending payment that no word from Safaricom settled in time. */
export async function expirePayment(db: Queryable, paymentId: string): Promise<void> {
  await db.query("UPDATE payments SET state = 'expired', result_words = $2, settled_at = now() WHERE id = $1 AND state = 'pending'", [paymentId, NO_ANSWER]);
}
