import { Hono, type Context } from 'hono';
import { BOOKING_TOKEN_HEADER, startBookingPaymentRequestSchema, startPaymentRequestSchema } from '@agri/api-client/contract';
import { newId } from '../dialect';
import type { Queryable } from '../db/db';
import { clientAddress, noStore, readBody, requireCustomer, sourceOf, type AuthEnv } from '../http';
import { HttpError, notFound } from '../http-error';
import { claimKey, once } from '../idempotency';
import { errorText } from '../log';
import { refuseOver } from '../rate-limit';
import { pathId } from '../request-guards';
import type { Services } from '../services';
import { readStkCallback } from './daraja-callback';
import {
  bookingPaymentOf,
  openBookingPayment,
  openOrderPayment,
  paymentOf,
  recordPushAccepted,
  recordPushRefused,
  tokenHash,
  toPayment,
  type OpenedPayment,
  type PaymentRow,
} from './payments';
import { settlePayment } from './payment-settlement';

/** What Safaricom's callback is answered: it reads only that the callback arrived. */
const CALLBACK_TAKEN = { ResultCode: 0, ResultDesc: 'Accepted' };

/** The route of Safaricom's callback; each payment's URL ends with its own token. */
const CALLBACK_PATH = '/api/payments/mpesa/callback/';

/**
 * How long after a payment is settled its callback URL still names it: Safaricom's word on a push comes within
 * minutes; a URL seen later (a proxy's access log) names nothing.
 */
const CALLBACK_GRACE = '1 hour';

/**
 * /api/payments: a customer asks their phone to pay one of their orders, or a visitor one of their event bookings
 * (with the booking's payment token, as they have no account), and follows the payment; Safaricom posts the result
 * to the payment's callback URL. Without M-Pesa settings (config.mpesa) nothing here is served but 404.
 */
export function paymentRoutes(services: Services): Hono<AuthEnv> {
  const { db, config, log } = services;
  const signedIn = requireCustomer(services);

  const daraja = () => {
    if (!services.daraja || !config.mpesa) throw new HttpError(404, 'Payments are not taken here');
    return { client: services.daraja, mpesa: config.mpesa };
  };

  const times = () => ({ queryAfterSeconds: daraja().mpesa.queryAfterSeconds, expirySeconds: daraja().mpesa.expirySeconds });

  const { limitSource, limitPhone } = paymentLimits(services);

  async function startForOrder(c: Context<AuthEnv>) {
    daraja(); // 404 without M-Pesa settings, before anything is counted or read
    await limitSource(c);
    const customerId = c.get('customer').id;
    refuseOver(await services.limits.payments.hit(customerId));
    const { orderId, phone } = await readBody(c, startPaymentRequestSchema);
    await claimKey(c);
    const opened = await db.transaction((tx) =>
      openOrderPayment(tx, { id: newId(config.dialect), customerId, orderId, phone, ...times() }, (tx) => limitPhone(tx, phone)),
    );
    return c.json(await askPhone(opened, 'Course order'), 201);
  }

  async function startForBooking(c: Context) {
    daraja(); // as above
    await limitSource(c);
    const { bookingId, bookingToken, phone } = await readBody(c, startBookingPaymentRequestSchema);
    await claimKey(c);
    // The booking's own limit stands for the customer's: counted once its token has proved who asks.
    const admit = async (tx: Queryable) => {
      refuseOver(await services.limits.payments.hit(`booking:${bookingId}`, tx));
      await limitPhone(tx, phone);
    };
    const opened = await db.transaction((tx) => openBookingPayment(tx, { id: newId(config.dialect), bookingId, bookingToken, phone, ...times() }, admit));
    return c.json(await askPhone(opened, 'Event booking'), 201);
  }

  /** The STK push of a payment just opened: the phone asks its owner for their M-Pesa PIN. */
  async function askPhone({ payment, callbackToken, reference }: OpenedPayment, description: string) {
    const { client, mpesa } = daraja();
    try {
      const accepted = await client.stkPush({
        amount: payment.amount,
        phone: payment.phone!,
        callbackUrl: `${mpesa.callbackBaseUrl}${CALLBACK_PATH}${callbackToken}`,
        accountReference: reference,
        description,
      });
      return toPayment(await recordPushAccepted(db, payment.id, accepted.checkoutRequestId));
    } catch (error) {
      // Daraja down, slow past the client's limit, or refusing: the phone was not asked, so it may be asked again.
      log.warn('M-Pesa request not taken', { payment: payment.id, error: errorText(error) });
      const current = await recordPushRefused(db, payment.id);
      // Unless Safaricom's callback settled it meanwhile (a push taken, its answer lost on the way).
      if (current.state === 'failed') throw new HttpError(502, current.result_words ?? 'M-Pesa could not take the request');
      return toPayment(current);
    }
  }

  return (
    new Hono<AuthEnv>()
      .use('*', noStore)
      .post('/', signedIn, once(services), startForOrder)
      .post('/booking', once(services), startForBooking)
      // A booking's payment is followed by its token; any other by the customer's session.
      .get(
        '/:id',
        (c, next) => (c.req.header(BOOKING_TOKEN_HEADER) ? next() : signedIn(c, next)),
        (c) => follow(services, c),
      )
      .post('/mpesa/callback/:token', (c) => takeCallback(services, c))
  );
}

/** A payment as it stands: the customer's (by their session) or a booking's (by its payment token). */
async function follow(services: Services, c: Context<AuthEnv>) {
  const { db } = services;
  refuseOver(services.limits.paymentFollows.hit(sourceOf(c, services)));
  const id = pathId(c, 'Payment');
  const bookingToken = c.req.header(BOOKING_TOKEN_HEADER);
  const payment = bookingToken ? await bookingPaymentOf(db, bookingToken, id) : await paymentOf(db, c.get('customer').id, id);
  if (!payment) throw notFound('Payment');
  return c.json(toPayment(payment));
}

/** Who asks is limited first, on every try; what is asked of a phone only once it is really asked (AdmitPayment). */
const paymentLimits = (services: Services) => ({
  limitSource: async (c: Context) => refuseOver(await services.limits.paymentSources.hit(sourceOf(c, services))),
  limitPhone: async (tx: Queryable, phone: string) => refuseOver(await services.limits.paymentPhones.hit(phone, tx)),
});

/** Safaricom's word on a push: matched by the URL's token and its CheckoutRequestID, settled once. */
async function takeCallback(services: Services, c: Context): Promise<Response> {
  const { db, config, log } = services;
  const mpesa = config.mpesa;
  if (!mpesa) throw new HttpError(404, 'Payments are not taken here');
  const source = clientAddress(c, config.trustedProxyHops);
  if (mpesa.callbackSources.length > 0 && !mpesa.callbackSources.includes(source)) {
    // Logged with the address: a callback Safaricom really sent from a new address must be seen by the operator.
    log.warn('M-Pesa callback from an address MPESA_CALLBACK_SOURCES does not name: refused', { source });
    throw new HttpError(403, 'Not from Safaricom');
  }
  const token = c.req.param('token') ?? '';
  const [payment] = await db.query<PaymentRow>(
    `SELECT * FROM payments WHERE callback_token_hash = $1 AND (state = 'pending' OR settled_at > now() - interval '${CALLBACK_GRACE}')`,
    [tokenHash(token)],
  );
  if (!payment) throw notFound('Payment');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body must be JSON');
  }
  const result = readStkCallback(body);
  if (!result) throw new HttpError(400, 'Not an STK callback');
  if (payment.checkout_request_id === null) {
    // The callback came before the push's answer was stored: the URL's token names the payment, and this its push.
    await recordPushAccepted(db, payment.id, result.checkoutRequestId);
  } else if (payment.checkout_request_id !== result.checkoutRequestId) {
    log.warn('M-Pesa callback for another push refused', { payment: payment.id });
    throw new HttpError(400, 'Not this payment');
  }
  const { outcome, paidTwice } = await settlePayment(db, payment.id, { resultCode: result.resultCode, paid: result.paid });
  if (outcome === 'mismatch') {
    log.error('M-Pesa callback does not match its payment: not recorded', { payment: payment.id });
    throw new HttpError(400, 'Not this payment');
  }
  if (outcome === 'late') log.warn('M-Pesa success reported for a closed payment: asking Daraja', { payment: payment.id, state: payment.state });
  if (paidTwice) log.error('Paid twice: refund one payment', { payment: payment.id, order: payment.order_id, booking: payment.booking_id });
  return c.json(CALLBACK_TAKEN);
}
