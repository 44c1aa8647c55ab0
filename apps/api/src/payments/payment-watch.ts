import { eastAfricaTime, formatKes, shortReference } from '@agri/api-client/contract';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { errorText, type Logger } from '../log';
import { timedWorker, type TimedWorker } from '../timed-worker';
import { mailLine, type Mailer } from '../mail';
import { createDarajaClient } from './daraja';
import { closedPaidChecked, expirePayment, settlePayment } from './payment-settlement';

/** Payments looked at in one tick, at most: the rest wait for the next. */
const BATCH = 20;
/** How long a payment taken by one instance's tick is left to it, so another instance does not ask Daraja too. */
const QUERY_LEASE = '30 seconds';
/** How long a receipt's mails are left to the instance sending them (the mailer gives up within about 35 s). */
const MAIL_LEASE = '10 minutes';

interface PaidRow {
  id: string;
  order_id: string | null;
  booking_id: string | null;
  amount: number;
  method: string;
  receipt: string | null;
  settled_at: Date;
  /** The customer's, or the visitor's who booked. */
  email: string;
  name: string;
  /** An order's courses; null for a booking. */
  items: { course: { title: string }; quantity: number }[] | null;
  /** A booking's event; null for an order. */
  event: { title: string } | null;
}

/** "order 1A2B3C4D" or "booking 1A2B3C4D", as the customer quotes it. */
const paidFor = (row: PaidRow) => (row.order_id !== null ? `order ${shortReference(row.order_id)}` : `booking ${shortReference(row.booking_id ?? row.id)}`);

function receiptText(row: PaidRow, siteUrl: string): string {
  return [
    `Dear ${mailLine(row.name)},`,
    '',
    `We have received your payment for ${paidFor(row)}. Thank you.`,
    '',
    `Amount:   ${formatKes(row.amount)}`,
    row.method === 'mpesa' ? `M-Pesa receipt: ${row.receipt ?? 'to follow from Safaricom'}` : `Paid by:  ${row.method === 'cash' ? 'cash' : 'bank transfer'}`,
    `Date:     ${eastAfricaTime(new Date(row.settled_at))}`,
    '',
    ...(row.items ?? []).map((item) => `- ${mailLine(item.course.title)} × ${item.quantity}`),
    ...(row.event ? [`Event: ${mailLine(row.event.title)}`] : []),
    '',
    row.order_id !== null ? `Your orders: ${siteUrl}/my-orders` : 'Our team will be in touch before the event.',
  ].join('\n');
}

/** Where staff open what was paid: the order, or the booking's lead in the Inbox. */
const staffLink = (row: PaidRow & { lead_id: string | null }, siteUrl: string) =>
  row.order_id !== null ? `${siteUrl}/staff/orders/${encodeURIComponent(row.order_id)}` : `${siteUrl}/staff/leads/${encodeURIComponent(row.lead_id ?? '')}`;

/** Each new paid payment's receipt to its customer or visitor, and a word to the business (STAFF_NOTIFY_EMAIL), once. */
async function mailReceipts(db: Db, mailer: Mailer, config: Pick<Config, 'siteUrl' | 'staff'>, log: Logger): Promise<void> {
  const paid = await db.query<PaidRow & { lead_id: string | null }>(
    `WITH taken AS (
       UPDATE payments SET mail_claimed_until = now() + interval '${MAIL_LEASE}'
       WHERE id IN (SELECT id FROM payments WHERE state = 'paid' AND receipt_mailed_at IS NULL
                      AND (mail_claimed_until IS NULL OR mail_claimed_until <= now())
                    ORDER BY settled_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING *)
     SELECT t.id, t.order_id, t.booking_id, t.amount, t.method, t.receipt, t.settled_at, o.items, b.event, l.id AS lead_id,
            coalesce(c.email, b.contact_details ->> 'email') AS email, coalesce(c.firstname, b.contact_details ->> 'name') AS name
     FROM taken t
     LEFT JOIN orders o ON o.id = t.order_id LEFT JOIN customers c ON c.id = o.customer_id
     LEFT JOIN bookings b ON b.id = t.booking_id LEFT JOIN leads l ON l.kind = 'booking' AND l.source_id = t.booking_id`,
  );
  for (const row of paid) {
    try {
      const what = paidFor(row);
      await mailer.send({ to: row.email, subject: `Payment received: ${what}`, text: receiptText(row, config.siteUrl) });
      for (const to of config.staff.notifyEmails) {
        await mailer.send({
          to,
          subject: `${what[0]!.toUpperCase()}${what.slice(1)} paid: ${formatKes(row.amount)}`,
          text: `${formatKes(row.amount)} received for ${what}${row.event ? ` (${mailLine(row.event.title)})` : ''} by ${row.method === 'mpesa' ? `M-Pesa ${row.receipt ?? ''}`.trim() : row.method}.\n\nOpen it in the back office: ${staffLink(row, config.siteUrl)}`,
        });
      }
      await db.query('UPDATE payments SET receipt_mailed_at = now(), mail_claimed_until = NULL WHERE id = $1', [row.id]);
    } catch (error) {
      await db.query('UPDATE payments SET mail_claimed_until = NULL WHERE id = $1', [row.id]);
      log.warn('payment receipt not mailed', { payment: row.id, error: errorText(error) });
    }
  }
}

/** How often the watch looks: a late callback is asked about within seconds of its minute. */
export const PAYMENT_WATCH_INTERVAL_MS = 5000;

/**
 * What no request starts: a payment whose callback has not come a minute after the push is asked about (STK Push
 * Query), one still processing past its expiry is given up, a success reported after a payment was closed is checked
 * with the same query, and each paid payment's receipt is mailed to its
 * customer, and the business told, once. Safe on several instances: each payment is taken by one tick at a time.
 */
export function createPaymentWatch(db: Db, mailer: Mailer, config: Pick<Config, 'mpesa' | 'siteUrl' | 'staff'>, log: Logger): TimedWorker {
  const daraja = config.mpesa ? createDarajaClient(config.mpesa) : null;

  async function askDaraja(): Promise<void> {
    const due = await db.query<{ id: string; checkout_request_id: string | null; overdue: boolean }>(
      `UPDATE payments SET query_after = now() + interval '${QUERY_LEASE}'
       WHERE id IN (SELECT id FROM payments WHERE state = 'pending' AND query_after <= now() ORDER BY query_after LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id, checkout_request_id, expires_at <= now() AS overdue`,
    );
    for (const payment of due) {
      try {
        if (payment.checkout_request_id && daraja) {
          const answer = await daraja.stkQuery(payment.checkout_request_id);
          if (answer.state === 'settled') {
            const { paidTwice } = await settlePayment(db, payment.id, { resultCode: answer.resultCode, paid: null });
            if (paidTwice) log.error('Paid twice: refund one payment', { payment: payment.id });
            continue;
          }
        }
      } catch (error) {
        log.warn('M-Pesa query failed', { payment: payment.id, error: errorText(error) });
      }
      // Still processing, never taken by Daraja, or Daraja unreachable: given up once its time is over.
      if (payment.overdue) await expirePayment(db, payment.id);
    }
  }

  /** A success reported for a closed payment: Daraja, asked by us, says whether the money really moved. */
  async function checkClosedPaid(): Promise<void> {
    const due = await db.query<{ id: string; checkout_request_id: string | null; order_id: string | null; booking_id: string | null }>(
      `UPDATE payments SET query_after = now() + interval '${QUERY_LEASE}'
       WHERE id IN (SELECT id FROM payments WHERE closed_paid = 'unverified' AND query_after <= now() ORDER BY query_after LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id, checkout_request_id, order_id, booking_id`,
    );
    for (const payment of due) {
      try {
        const answer = payment.checkout_request_id && daraja ? await daraja.stkQuery(payment.checkout_request_id) : null;
        if (answer?.state === 'pending') continue;
        const moved = answer?.state === 'settled' && answer.resultCode === 0;
        await closedPaidChecked(db, payment.id, moved);
        if (moved)
          log.error('Paid after it was closed: an admin must resolve it', { payment: payment.id, order: payment.order_id, booking: payment.booking_id });
      } catch (error) {
        log.warn('M-Pesa query failed', { payment: payment.id, error: errorText(error) });
      }
    }
  }

  return timedWorker(
    async () => {
      await askDaraja();
      await checkClosedPaid();
      await mailReceipts(db, mailer, config, log);
    },
    log,
    'payment watch failed',
  );
}
