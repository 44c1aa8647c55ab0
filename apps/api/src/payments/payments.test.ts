// Paying an order by M-Pesa (issue 37), through the API's routes, against the kit's Daraja simulator over HTTP: the
// push with the server's amount, Safaricom's callback reaching the API (any instance), the query when no callback
// comes, expiry, and every way a callback can be wrong or late. PGlite, and PostgreSQL with test:api:postgres.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import { BOOKING_TOKEN_HEADER, courseListSchema, eventListResponseSchema, MPESA_PHONE_MESSAGE, type Payment } from '@agri/api-client/contract';
import { createLogger } from '../log';
import { createMailer } from '../mail';
import { bookable, startInstances, startTestApi, testAddress, type TestApi } from '../test-support';
import { startDarajaSimulator, type DarajaSimulator } from './daraja-simulator';
import { createPaymentWatch } from './payment-watch';
import { NO_ANSWER } from './payment-settlement';
import { PUSH_NOT_SENT } from './payments';
import type { SimulatedPush } from './simulated-push';

const credentials = { consumerKey: 'test-key', consumerSecret: 'test-secret', shortCode: '174379', passkey: 'test-passkey-0123456789' };
const PAYING_PHONE = '0712345678';
const CANCELLING_PHONE = '0712345671';
const SILENT_PHONE = '0712345675';

const address = testAddress('Wanjiku');

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  assert.ok(response.status < 300, `answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** An HTTP server in front of whichever app `route` picks for each request: the address Safaricom posts to. */
async function callbackServer(route: () => TestApi | undefined) {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const app = route();
    if (!app) return void response.writeHead(503).end();
    void getRequestListener(app.app.fetch)(request, response);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}

const mpesaEnv = (daraja: DarajaSimulator, callbackBaseUrl: string, extra: Record<string, string> = {}) => ({
  MPESA_BASE_URL: daraja.url,
  MPESA_CONSUMER_KEY: credentials.consumerKey,
  MPESA_CONSUMER_SECRET: credentials.consumerSecret,
  MPESA_SHORT_CODE: credentials.shortCode,
  MPESA_PASSKEY: credentials.passkey,
  MPESA_CALLBACK_BASE_URL: callbackBaseUrl,
  ...extra,
});

/** A signed-up customer's new order of one course: its id, and its total as the server priced it. */
async function newOrder(api: TestApi, email: string, quantity = 2) {
  const customer = await api.signUp(email);
  const [course] = courseListSchema.parse(await json(await api.call('GET', '/api/course')));
  await json(await api.call('POST', '/api/user/cart', { token: customer.token, body: { courseId: course!._id, quantity } }));
  const order = await json<{ _id: string; totalPrice: number }>(
    await api.call('POST', '/api/user/cart/create-order', { token: customer.token, body: { shippingInfo: address } }),
  );
  return { ...customer, orderId: order._id, total: order.totalPrice };
}

const startPayment = (api: TestApi, token: string, orderId: string, phone: string) => api.call('POST', '/api/payments', { token, body: { orderId, phone } });

/** Waits for what the customer's page would see: the payment no longer pending (followed by session or booking token). */
async function settled(api: TestApi, token: string, id: string, by: 'session' | 'booking' = 'session'): Promise<Payment> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const payment = await json<Payment>(
      await api.call('GET', `/api/payments/${id}`, by === 'session' ? { token } : { headers: { [BOOKING_TOKEN_HEADER]: token } }),
    );
    if (payment.state !== 'pending') return payment;
    assert.ok(Date.now() < deadline, 'the payment stayed pending');
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

const pushOf = (daraja: DarajaSimulator, phone: string): SimulatedPush => {
  const push = daraja.pushes.findLast((each) => each.phone === phone);
  assert.ok(push, `no push to ${phone}`);
  return push;
};

/** The documented success callback Safaricom would post for `push`, with `changes` made to its facts. */
function successBody(push: SimulatedPush, changes: { amount?: number; receipt?: string; checkoutRequestId?: string } = {}) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: changes.checkoutRequestId ?? push.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: changes.amount ?? push.amount },
            { Name: 'MpesaReceiptNumber', Value: changes.receipt ?? push.receipt ?? 'QWE1RTY2UI' },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20261127093000 },
            { Name: 'PhoneNumber', Value: Number(push.phone) },
          ],
        },
      },
    },
  };
}

const callbackPath = (push: SimulatedPush) => new URL(push.callbackUrl).pathname;
const paymentRow = async (api: TestApi, id: string) =>
  (
    await api.db.query<{ state: string; receipt: string | null; settled_at: Date | null }>('SELECT state, receipt, settled_at FROM payments WHERE id = $1', [
      id,
    ])
  )[0]!;
const orderPaidAt = async (api: TestApi, orderId: string) =>
  (await api.db.query<{ paid_at: Date | null }>('SELECT paid_at FROM orders WHERE id = $1', [orderId]))[0]!.paid_at;

interface BookingAnswer {
  _id: string;
  event: { price: number };
  paymentToken?: string;
  paidAt?: string | null;
}

/** A visitor's booking of the first published event that costs `paid` (or is free): the booking's answer. */
async function newBooking(api: TestApi, email: string, paid = true): Promise<BookingAnswer> {
  const { data: events } = eventListResponseSchema.parse(await json(await api.call('GET', '/api/event')));
  const event = bookable(events).find((each) => each.price > 0 === paid)!;
  const contactDetails = { name: 'Achieng Otieno', email, phone: '0722000111', contactMethod: 'Email' };
  return json<BookingAnswer>(await api.call('POST', '/requests/booking', { body: { contactDetails, event: { id: event._id } } }));
}

const startBookingPayment = (api: TestApi, booking: { _id: string; paymentToken?: string }, phone: string) =>
  api.call('POST', '/api/payments/booking', { body: { bookingId: booking._id, bookingToken: booking.paymentToken, phone } });

describe('paying an order by M-Pesa', () => {
  let daraja: DarajaSimulator;
  let api: TestApi;
  let callbacks: Awaited<ReturnType<typeof callbackServer>>;
  /** While false, Safaricom's callbacks are lost on the way (503): only the query can settle a payment. */
  let callbacksArrive = true;

  before(async () => {
    daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    callbacks = await callbackServer(() => (callbacksArrive ? api : undefined));
    api = await startTestApi(
      mpesaEnv(daraja, callbacks.url, { MPESA_QUERY_AFTER_SECONDS: '0', MPESA_EXPIRY_SECONDS: '3600', RATE_LIMIT_PAYMENTS_PHONE: '1000' }),
    );
  });
  afterEach(() => (callbacksArrive = true));
  after(async () => {
    await api.close();
    await callbacks.close();
    await daraja.close();
  });

  it('asks the phone for the server’s total, and the callback pays the order once', async () => {
    const { token, orderId, total } = await newOrder(api, 'payer@example.co.ke');
    const started = await startPayment(api, token, orderId, '+254 712-345-678');
    assert.equal(started.status, 201);
    const payment = (await started.json()) as Payment;
    assert.deepEqual({ state: payment.state, amount: payment.amount, phone: payment.phone }, { state: 'pending', amount: total, phone: '254712345678' });
    // The push as Daraja documents it (the simulator refuses any other): the amount, the order's reference.
    const push = pushOf(daraja, '254712345678');
    assert.equal(push.amount, total);
    assert.equal(push.accountReference, orderId.slice(-8).toUpperCase());
    assert.match(push.callbackUrl, new RegExp(`^${callbacks.url}/api/payments/mpesa/callback/[\\w-]{43}$`));

    daraja.answerNow(push.checkoutRequestId);
    const paid = await settled(api, token, payment._id);
    assert.equal(paid.state, 'paid');
    assert.match(paid.receipt ?? '', /^[A-Z0-9]{10}$/);
    const [order] = await json<{ _id: string; paidAt?: string }[]>(await api.call('GET', '/api/user/getmyorders', { token }));
    assert.ok(order?.paidAt, 'My Orders shows the order paid');

    // Safaricom's callback again: answered, and nothing changes.
    const before = await paymentRow(api, payment._id);
    const repeat = await api.call('POST', callbackPath(push), { body: successBody(push) });
    assert.deepEqual(await json(repeat), { ResultCode: 0, ResultDesc: 'Accepted' });
    assert.deepEqual(await paymentRow(api, payment._id), before);
    // Paid: not asked for again.
    const again = await startPayment(api, token, orderId, PAYING_PHONE);
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as { message: string }).message, 'This order is already paid');
    assert.equal(daraja.pushes.filter((each) => each.accountReference === push.accountReference).length, 1);
    // Its money is given back by staff, not by the customer cancelling it.
    const cancel = await api.call('PUT', `/api/user/updateOrder/${orderId}`, { token, body: { status: 'Cancelled' } });
    assert.equal(cancel.status, 409);
    assert.match(((await cancel.json()) as { message: string }).message, /paid order cannot be cancelled/);
  });

  it('tells the customer why a payment did not go through, and takes another number', async () => {
    const { token, orderId } = await newOrder(api, 'canceller@example.co.ke');
    const first = await json<Payment>(await startPayment(api, token, orderId, CANCELLING_PHONE));
    // One request waits on a phone at a time: none other is sent while it does.
    const meanwhile = await startPayment(api, token, orderId, PAYING_PHONE);
    assert.equal(meanwhile.status, 409);
    // Nor is the order cancelled meanwhile: the customer may pay it any moment.
    assert.equal((await api.call('PUT', `/api/user/updateOrder/${orderId}`, { token, body: { status: 'Cancelled' } })).status, 409);
    // My Orders, opened again meanwhile, follows the request waiting on the phone.
    const waitingOf = async () =>
      (await json<{ _id: string; waitingPaymentId?: string | null }[]>(await api.call('GET', '/api/user/getmyorders', { token })))[0]!.waitingPaymentId;
    assert.equal(await waitingOf(), first._id);
    daraja.answerNow(pushOf(daraja, '254712345671').checkoutRequestId);
    const cancelled = await settled(api, token, first._id);
    assert.deepEqual({ state: cancelled.state, message: cancelled.message }, { state: 'cancelled', message: 'The payment was cancelled on your phone.' });
    assert.equal(await orderPaidAt(api, orderId), null);
    assert.equal(await waitingOf(), null);

    const second = await json<Payment>(await startPayment(api, token, orderId, PAYING_PHONE));
    daraja.answerNow(pushOf(daraja, '254712345678').checkoutRequestId);
    assert.equal((await settled(api, token, second._id)).state, 'paid');
    assert.ok(await orderPaidAt(api, orderId));
  });

  it('refuses a forged or mistaken callback, and records nothing from it', async () => {
    const { token, orderId } = await newOrder(api, 'forged@example.co.ke');
    const payment = await json<Payment>(await startPayment(api, token, orderId, PAYING_PHONE));
    const push = pushOf(daraja, '254712345678');
    const cases: [string, string, unknown, number][] = [
      ['an unknown token', '/api/payments/mpesa/callback/not-a-token-anyone-was-given-000000000000000', successBody(push), 404],
      ['another push', callbackPath(push), successBody(push, { checkoutRequestId: 'ws_CO_000000000000000000000' }), 400],
      ['a smaller amount', callbackPath(push), successBody(push, { amount: push.amount - 1 }), 400],
      [
        'a success without its receipt',
        callbackPath(push),
        { Body: { stkCallback: { ...successBody(push).Body.stkCallback, CallbackMetadata: { Item: [] } } } },
        400,
      ],
      ['not Daraja’s shape', callbackPath(push), { ResultCode: 0 }, 400],
    ];
    for (const [what, path, body, status] of cases) {
      assert.equal((await api.call('POST', path, { body })).status, status, what);
    }
    assert.equal((await paymentRow(api, payment._id)).state, 'pending');
    assert.equal(await orderPaidAt(api, orderId), null);
  });

  it('asks Daraja when no callback comes, and takes the receipt from a late callback', async () => {
    const { token, orderId } = await newOrder(api, 'querier@example.co.ke');
    callbacksArrive = false;
    const payment = await json<Payment>(await startPayment(api, token, orderId, PAYING_PHONE));
    const push = pushOf(daraja, '254712345678');
    daraja.answerNow(push.checkoutRequestId);
    const watch = createPaymentWatch(api.db, { send: async () => {} }, api.config, createLogger('silent'));
    await watch.tick();
    const byQuery = await json<Payment>(await api.call('GET', `/api/payments/${payment._id}`, { token }));
    assert.deepEqual({ state: byQuery.state, receipt: byQuery.receipt }, { state: 'paid', receipt: null });
    assert.ok(await orderPaidAt(api, orderId));

    callbacksArrive = true;
    assert.equal((await api.call('POST', callbackPath(push), { body: successBody(push) })).status, 200);
    const withReceipt = await json<Payment>(await api.call('GET', `/api/payments/${payment._id}`, { token }));
    assert.deepEqual({ state: withReceipt.state, receipt: withReceipt.receipt }, { state: 'paid', receipt: push.receipt });
  });

  it('finds by the query a result Daraja never calls back with', async () => {
    const { token, orderId } = await newOrder(api, 'silent@example.co.ke');
    const payment = await json<Payment>(await startPayment(api, token, orderId, SILENT_PHONE));
    daraja.answerNow(pushOf(daraja, '254712345675').checkoutRequestId);
    await createPaymentWatch(api.db, { send: async () => {} }, api.config, createLogger('silent')).tick();
    const failed = await json<Payment>(await api.call('GET', `/api/payments/${payment._id}`, { token }));
    assert.equal(failed.state, 'failed');
    assert.match(failed.message ?? '', /could not be reached/);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const { token, orderId } = await newOrder(api, 'careless@example.co.ke');
    const other = await newOrder(api, 'other@example.co.ke');
    const count = async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0]!.n;
    const before = await count();
    for (const phone of ['0812345678', '071234567', '+1 202 555 0100', '', '07123456789', '<script>']) {
      const answer = await startPayment(api, token, orderId, phone);
      assert.equal(answer.status, 400, phone);
      assert.equal(((await answer.json()) as { message: string }).message, MPESA_PHONE_MESSAGE);
    }
    assert.equal((await startPayment(api, token, other.orderId, PAYING_PHONE)).status, 404, 'another customer’s order');
    assert.equal((await startPayment(api, token, 'no-such-order', PAYING_PHONE)).status, 404);
    assert.equal(
      (await api.call('POST', '/api/payments', { token, body: { orderId, phone: PAYING_PHONE, amount: 1 } })).status,
      201,
      'an amount sent is ignored',
    );
    assert.equal(pushOf(daraja, '254712345678').amount > 1, true);
    assert.equal((await api.call('POST', '/api/payments', { body: { orderId, phone: PAYING_PHONE } })).status, 401);
    assert.equal((await api.call('GET', '/api/payments/x', { token: other.token })).status, 404);
    assert.equal(await count(), before + 1);
  });
});

describe('paying an event booking by M-Pesa', () => {
  let daraja: DarajaSimulator;
  let api: TestApi;
  let callbacks: Awaited<ReturnType<typeof callbackServer>>;

  before(async () => {
    daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    callbacks = await callbackServer(() => api);
    api = await startTestApi(mpesaEnv(daraja, callbacks.url, { RATE_LIMIT_PAYMENTS_PHONE: '1000', STAFF_NOTIFY_EMAIL: 'team@example.co.ke' }));
  });
  after(async () => {
    await api.close();
    await callbacks.close();
    await daraja.close();
  });

  it('pays a paid event’s booking with the token its answer carried, once, and mails the visitor the receipt', async () => {
    const booking = await newBooking(api, 'booker@example.co.ke');
    assert.match(booking.paymentToken ?? '', /^[\w-]{43}$/);
    assert.equal(booking.paidAt, null);
    const payment = await json<Payment>(await startBookingPayment(api, booking, PAYING_PHONE));
    // The event's price as the booking recorded it, never the browser's; the booking's reference on the phone.
    assert.deepEqual(
      { amount: payment.amount, bookingId: payment.bookingId, orderId: payment.orderId },
      { amount: booking.event.price, bookingId: booking._id, orderId: null },
    );
    const push = pushOf(daraja, '254712345678');
    assert.deepEqual(
      { amount: push.amount, reference: push.accountReference },
      { amount: booking.event.price, reference: booking._id.slice(-8).toUpperCase() },
    );

    daraja.answerNow(push.checkoutRequestId);
    assert.equal((await settled(api, booking.paymentToken!, payment._id, 'booking')).state, 'paid');
    const [row] = await api.db.query<{ paid_at: Date | null }>('SELECT paid_at FROM bookings WHERE id = $1', [booking._id]);
    assert.ok(row?.paid_at, 'the booking is paid');
    const again = await startBookingPayment(api, booking, PAYING_PHONE);
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as { message: string }).message, 'This booking is already paid');
    // The same booking sent again (a dropped answer): the one already stored, said to be paid, with nothing to pay.
    const repeat = await newBooking(api, 'booker@example.co.ke');
    assert.deepEqual({ id: repeat._id, token: repeat.paymentToken, paid: typeof repeat.paidAt }, { id: booking._id, token: undefined, paid: 'string' });

    const log = createLogger('silent');
    await createPaymentWatch(api.db, createMailer(api.db, { testOutbox: true, smtpUrl: null, from: 'x@y', log }), api.config, log).tick();
    const mails = await api.db.query<{ to_email: string; subject: string; body: string }>(
      "SELECT to_email, subject, body FROM outbox WHERE subject ILIKE '%booking%' ORDER BY to_email",
    );
    const reference = booking._id.slice(-8).toUpperCase();
    assert.deepEqual(
      mails.map((mail) => [mail.to_email, mail.subject]),
      [
        ['booker@example.co.ke', `Payment received: booking ${reference}`],
        ['team@example.co.ke', `Booking ${reference} paid: KES ${booking.event.price.toLocaleString('en-KE')}`],
      ],
    );
    assert.match(mails[0]!.body, new RegExp(`Dear Achieng Otieno,[\\s\\S]*M-Pesa receipt: ${push.receipt}`));
    // Kenya's clock, as the customer reads it.
    assert.match(mails[0]!.body, /^Date: +\d{4}-\d{2}-\d{2} \d{2}:\d{2} EAT$/m);
    const [lead] = await api.db.query<{ id: string }>("SELECT id FROM leads WHERE kind = 'booking' AND source_id = $1", [booking._id]);
    assert.match(mails[1]!.body, new RegExp(`/staff/leads/${lead!.id}`));
  });

  it('takes the booking’s token for a session: none, another or an old one pays or shows nothing', async () => {
    const booking = await newBooking(api, 'careful-booker@example.co.ke');
    const count = async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE booking_id = $1', [booking._id]))[0]!.n;
    assert.equal((await startBookingPayment(api, { _id: booking._id, paymentToken: 'a'.repeat(43) }, PAYING_PHONE)).status, 404);
    assert.equal((await startBookingPayment(api, { _id: booking._id }, PAYING_PHONE)).status, 400);
    assert.equal((await startBookingPayment(api, booking, '0812345678')).status, 400);
    // Sent again word for word without its key (by anyone who knows the booker's details): the same booking, no token,
    // and the booker's own token still pays.
    const repeat = await newBooking(api, 'careful-booker@example.co.ke');
    assert.deepEqual({ id: repeat._id, token: repeat.paymentToken, paidAt: repeat.paidAt }, { id: booking._id, token: undefined, paidAt: null });
    assert.equal(await count(), 0);

    const payment = await json<Payment>(await startBookingPayment(api, booking, CANCELLING_PHONE));
    // One request waits on a phone at a time.
    assert.equal((await startBookingPayment(api, booking, PAYING_PHONE)).status, 409);
    const follow = (headers: Record<string, string>, token?: string) => api.call('GET', `/api/payments/${payment._id}`, { headers, token });
    assert.equal((await follow({})).status, 401, 'neither a session nor a token');
    assert.equal((await follow({ [BOOKING_TOKEN_HEADER]: 'b'.repeat(43) })).status, 404, 'another token');
    const stranger = await api.signUp('stranger@example.co.ke');
    assert.equal((await follow({}, stranger.token)).status, 404, 'a customer’s session');
    assert.equal((await follow({ [BOOKING_TOKEN_HEADER]: booking.paymentToken! })).status, 200);

    daraja.answerNow(pushOf(daraja, '254712345671').checkoutRequestId);
    assert.equal((await settled(api, booking.paymentToken!, payment._id, 'booking')).state, 'cancelled');
    const retried = await json<Payment>(await startBookingPayment(api, booking, PAYING_PHONE));
    daraja.answerNow(pushOf(daraja, '254712345678').checkoutRequestId);
    assert.equal((await settled(api, booking.paymentToken!, retried._id, 'booking')).state, 'paid');
    assert.equal(await count(), 2);
  });

  it('offers nothing to pay for a free event', async () => {
    const booking = await newBooking(api, 'free-booker@example.co.ke', false);
    assert.equal(booking.paymentToken, undefined);
    assert.equal(booking.paidAt, null);
  });
});

describe('M-Pesa payments, the edges', () => {
  it('keeps a settled payment settled: a success after expiry or cancel pays nothing, and staff see it once Daraja confirms it', async () => {
    const daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    const api = await startTestApi(
      mpesaEnv(daraja, 'http://127.0.0.1:9', { MPESA_QUERY_AFTER_SECONDS: '0', MPESA_EXPIRY_SECONDS: '0', RATE_LIMIT_PAYMENTS_PHONE: '1000' }),
    );
    const watch = createPaymentWatch(api.db, { send: async () => {} }, api.config, createLogger('silent'));
    const closedPaid = async (id: string) =>
      (await api.db.query<{ closed_paid: string | null }>('SELECT closed_paid FROM payments WHERE id = $1', [id]))[0]!.closed_paid;
    try {
      // Expired: the phone never answered in time.
      const slow = await newOrder(api, 'slow@example.co.ke');
      const expiring = await json<Payment>(await startPayment(api, slow.token, slow.orderId, PAYING_PHONE));
      await watch.tick();
      const expired = await json<Payment>(await api.call('GET', `/api/payments/${expiring._id}`, { token: slow.token }));
      assert.deepEqual({ state: expired.state, message: expired.message }, { state: 'expired', message: NO_ANSWER });
      const push = pushOf(daraja, '254712345678');
      assert.equal((await api.call('POST', callbackPath(push), { body: successBody(push, { receipt: 'LATE123456' }) })).status, 200);
      assert.equal((await paymentRow(api, expiring._id)).state, 'expired', 'a success after expiry pays nothing');
      assert.equal(await orderPaidAt(api, slow.orderId), null);
      assert.equal(await closedPaid(expiring._id), 'unverified');
      // Daraja, asked by us, still says processing, then that the money moved: an admin must resolve it.
      await watch.tick();
      assert.equal(await closedPaid(expiring._id), 'unverified');
      daraja.answerNow(push.checkoutRequestId);
      await api.db.query('UPDATE payments SET query_after = now() WHERE id = $1', [expiring._id]);
      await watch.tick();
      assert.equal(await closedPaid(expiring._id), 'confirmed');
      assert.equal((await paymentRow(api, expiring._id)).state, 'expired');

      // Cancelled on the phone, then a forged success with every fact right: Daraja says it was cancelled.
      const careful = await newOrder(api, 'careful@example.co.ke');
      const cancelling = await json<Payment>(await startPayment(api, careful.token, careful.orderId, CANCELLING_PHONE));
      const cancelPush = pushOf(daraja, '254712345671');
      daraja.answerNow(cancelPush.checkoutRequestId);
      await watch.tick();
      assert.equal((await paymentRow(api, cancelling._id)).state, 'cancelled');
      assert.equal((await api.call('POST', callbackPath(cancelPush), { body: successBody(cancelPush, { receipt: 'FORGED1234' }) })).status, 200);
      await watch.tick();
      assert.deepEqual([(await paymentRow(api, cancelling._id)).state, await closedPaid(cancelling._id)], ['cancelled', 'refuted']);
      assert.equal(await orderPaidAt(api, careful.orderId), null);
      // A failure reported later changes nothing either.
      const failed = { Body: { stkCallback: { ...successBody(cancelPush).Body.stkCallback, ResultCode: 1, CallbackMetadata: undefined } } };
      assert.equal((await api.call('POST', callbackPath(cancelPush), { body: failed })).status, 200);
      assert.equal((await paymentRow(api, cancelling._id)).state, 'cancelled');

      // An hour after it was settled, the callback URL names nothing: one seen in a log is worth nothing.
      await api.db.query("UPDATE payments SET settled_at = now() - interval '61 minutes' WHERE id = $1", [cancelling._id]);
      assert.equal((await api.call('POST', callbackPath(cancelPush), { body: successBody(cancelPush) })).status, 404);
    } finally {
      await api.close();
      await daraja.close();
    }
  });

  it('says M-Pesa could not take the request when Daraja is down, and lets the customer try again', async () => {
    const daraja = await startDarajaSimulator({ ...credentials });
    const api = await startTestApi(mpesaEnv(daraja, 'http://127.0.0.1:9'));
    await daraja.close();
    try {
      const { token, orderId } = await newOrder(api, 'offline@example.co.ke');
      const refused = await startPayment(api, token, orderId, PAYING_PHONE);
      assert.equal(refused.status, 502);
      assert.equal(((await refused.json()) as { message: string }).message, PUSH_NOT_SENT);
      const [row] = await api.db.query<{ state: string }>('SELECT state FROM payments');
      assert.equal(row?.state, 'failed');
    } finally {
      await api.close();
    }
  });

  it('limits the prompts one phone number gets, from every customer', async () => {
    const daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    const api = await startTestApi(mpesaEnv(daraja, 'http://127.0.0.1:9', { RATE_LIMIT_PAYMENTS_PHONE: '2' }));
    try {
      const statuses = [];
      for (const email of ['p1@example.co.ke', 'p2@example.co.ke', 'p3@example.co.ke']) {
        const { token, orderId } = await newOrder(api, email);
        statuses.push((await startPayment(api, token, orderId, '0722000001')).status);
      }
      assert.deepEqual(statuses, [201, 201, 429]);
      assert.equal(daraja.pushes.length, 2);
    } finally {
      await api.close();
      await daraja.close();
    }
  });

  it('never lets a stranger lock a number: only a prompt really sent counts for it, and every try counts for its address', async () => {
    const daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    const api = await startTestApi(
      mpesaEnv(daraja, 'http://127.0.0.1:9', { RATE_LIMIT_PAYMENTS_PHONE: '2', RATE_LIMIT_PAYMENTS_SOURCE: '8', TRUSTED_PROXY_HOPS: '1' }),
    );
    try {
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      // A stranger's guesses: a random booking, a wrong token, the victim's number. All unknown, and none counts for it.
      const guess = () =>
        api.call('POST', '/api/payments/booking', {
          body: { bookingId: randomUUID(), bookingToken: 'x'.repeat(43), phone: PAYING_PHONE },
          headers: from('203.0.113.7'),
        });
      const guesses = [];
      for (let i = 0; i < 10; i++) guesses.push((await guess()).status);
      assert.deepEqual(guesses, [...Array<number>(8).fill(404), 429, 429], 'the stranger’s address is refused after 8');
      assert.equal(daraja.pushes.length, 0);
      // The owner pays their own order from their own address: the number is not locked.
      const { token, orderId } = await newOrder(api, 'owner@example.co.ke');
      const own = await api.call('POST', '/api/payments', { token, body: { orderId, phone: PAYING_PHONE }, headers: from('198.51.100.4') });
      assert.equal(own.status, 201);
      // Ids are checked as ids: a NUL or a space is a 400, anonymous or signed in.
      const bad = await api.call('POST', '/api/payments', { token, body: { orderId: 'a\u0000b', phone: PAYING_PHONE }, headers: from('198.51.100.4') });
      assert.equal(bad.status, 400);
      const badBooking = await api.call('POST', '/api/payments/booking', {
        body: { bookingId: 'x\u0000', bookingToken: 'x'.repeat(43), phone: PAYING_PHONE },
        headers: from('198.51.100.5'),
      });
      assert.equal(badBooking.status, 400);
    } finally {
      await api.close();
      await daraja.close();
    }
  });

  it('takes a callback on any instance, and mails the receipt once', async () => {
    const daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    // Every callback reaches the second instance; the payment is started on the first.
    const instances: TestApi[] = [];
    const callbacks = await callbackServer(() => instances[1]);
    instances.push(...(await startInstances(2, mpesaEnv(daraja, callbacks.url))));
    const [first, second] = instances;
    try {
      const { token, orderId } = await newOrder(first!, 'instances@example.co.ke');
      const payment = await json<Payment>(await startPayment(first!, token, orderId, PAYING_PHONE));
      daraja.answerNow(pushOf(daraja, '254712345678').checkoutRequestId);
      assert.equal((await settled(first!, token, payment._id)).state, 'paid');

      const log = createLogger('silent');
      const watches = [first!, second!].map((api) =>
        createPaymentWatch(api.db, createMailer(api.db, { testOutbox: true, smtpUrl: null, from: 'x@y', log }), api.config, log),
      );
      await Promise.all(watches.map((watch) => watch.tick()));
      await Promise.all(watches.map((watch) => watch.tick()));
      const mails = await first!.db.query<{ subject: string; body: string }>(
        "SELECT subject, body FROM outbox WHERE to_email = 'instances@example.co.ke' AND subject LIKE 'Payment%'",
      );
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.body, new RegExp(`M-Pesa receipt: ${pushOf(daraja, '254712345678').receipt}`));
    } finally {
      await first!.close();
      await callbacks.close();
      await daraja.close();
    }
  });

  it('takes callbacks only from the addresses MPESA_CALLBACK_SOURCES names, when it names any', async () => {
    const daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 60_000 });
    const api = await startTestApi(
      mpesaEnv(daraja, 'http://127.0.0.1:9', { MPESA_CALLBACK_SOURCES: '196.201.214.200, 196.201.214.206', TRUSTED_PROXY_HOPS: '1' }),
    );
    try {
      const { token, orderId } = await newOrder(api, 'sources@example.co.ke');
      await json(await startPayment(api, token, orderId, PAYING_PHONE));
      const push = pushOf(daraja, '254712345678');
      const from = (address: string) => api.call('POST', callbackPath(push), { body: successBody(push), headers: { 'X-Forwarded-For': address } });
      assert.equal((await from('203.0.113.9')).status, 403);
      assert.equal(await orderPaidAt(api, orderId), null);
      assert.equal((await from('196.201.214.206')).status, 200);
      assert.ok(await orderPaidAt(api, orderId));
    } finally {
      await api.close();
      await daraja.close();
    }
  });

  it('serves no payment route without M-Pesa settings', async () => {
    const api = await startTestApi();
    try {
      const { token, orderId } = await newOrder(api, 'nopay@example.co.ke');
      assert.equal((await startPayment(api, token, orderId, PAYING_PHONE)).status, 404);
    } finally {
      await api.close();
    }
  });
});
