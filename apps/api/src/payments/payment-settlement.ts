// A pending M-Pesa payment settled by what Safaricom says (issue 37), by its callback or by the STK query, whichever
// comes first; what comes later changes nothing but a missing receipt number. The order's or booking's paid_at is set
// in the same transaction as the payment that paid it. The payment was asked for in payments.ts.
import type { Db, Queryable } from '../db/db';
import { paymentFailureWords } from './daraja-callback';
import type { PaymentRow } from './payments';

/** A request the phone never answered in time. */
export const NO_ANSWER = 'No answer came from the phone in time. Please try again.';

/** What Safaricom said of a push: by the callback (with what was paid, on success) or by the query (without). */
export interface SafaricomResult {
  resultCode: number;
  /** The callback's facts of a success; null from the query, which names no receipt. */
  paid: { amount: number; receipt: string; phone: string } | null;
}

/** 'late': a success reported for a payment already closed, kept aside for the STK query to confirm (closedPaidChecked). */
export type SettleOutcome = 'paid' | 'failed' | 'unchanged' | 'late' | 'mismatch';

/**
 * Settles a pending payment by Safaricom's word, in one transaction with its order or booking, once: a success pays
 * it (and the order or booking, unless another payment already did), a failure ends it in the customer's words. A
 * settled payment stays settled: a later word changes nothing but a paid payment's missing receipt number. A success
 * whose amount, phone or receipt do not match is refused ('mismatch'). A success for a payment that was closed
 * (failed, cancelled, expired) pays nothing: it is kept aside ('late') until Daraja's own query says whether the
 * money really moved, and then shown to staff as paid after it was closed, for an admin to resolve.
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
    if (row.state !== 'pending') {
      if (row.closed_paid !== null) return { outcome: 'unchanged', paidTwice: false };
      await tx.query("UPDATE payments SET closed_paid = 'unverified', closed_paid_receipt = $2, query_after = now() WHERE id = $1", [
        row.id,
        paid?.receipt ?? null,
      ]);
      return { outcome: 'late', paidTwice: false };
    }
    await tx.query("UPDATE payments SET state = 'paid', receipt = $2, result_code = 0, result_words = NULL, settled_at = now() WHERE id = $1", [
      row.id,
      paid?.receipt ?? null,
    ]);
    const [table, id] = row.order_id !== null ? ['orders', row.order_id] : ['bookings', row.booking_id];
    const newlyPaid = await tx.query(`UPDATE ${table} SET paid_at = now() WHERE id = $1 AND paid_at IS NULL RETURNING id`, [id]);
    return { outcome: 'paid', paidTwice: newlyPaid.length === 0 };
  });
}

/** Daraja's own word on a success reported after its payment was closed: money that moved ('confirmed'), or not. */
export async function closedPaidChecked(db: Queryable, paymentId: string, moved: boolean): Promise<void> {
  await db.query("UPDATE payments SET closed_paid = $2 WHERE id = $1 AND closed_paid = 'unverified'", [paymentId, moved ? 'confirmed' : 'refuted']);
}

/** A pending payment that no word from Safaricom settled in time. */
export async function expirePayment(db: Queryable, paymentId: string): Promise<void> {
  await db.query("UPDATE payments SET state = 'expired', result_words = $2, settled_at = now() WHERE id = $1 AND state = 'pending'", [paymentId, NO_ANSWER]);
}
