// Payments in the back office (issue 37): the list with its filters, the CSV, the payments on an order, and an admin's
// record of a payment received another way.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { courseListSchema, eventListResponseSchema, orderSchema, type Order } from '@agri/api-client/contract';
import { staffOrderSchema, staffPaymentSchema, type StaffPayment } from '@agri/api-client/staff-contract';
import { startDarajaSimulator, type DarajaSimulator } from '../payments/daraja-simulator';
import { bookable, startTestApi, testAddress, type TestApi } from '../test-support';
import { addStaff, type TestStaff } from './staff-test-support';

let daraja: DarajaSimulator;
let api: TestApi;
let staff: TestStaff;
let admin: TestStaff;
let customer: { token: string; id: string };

const credentials = { consumerKey: 'test-key', consumerSecret: 'test-secret', shortCode: '174379', passkey: 'test-passkey-0123456789' };
const shippingInfo = testAddress('Wanjiku');

async function placeOrder(): Promise<Order> {
  const [course] = courseListSchema.parse(await (await api.call('GET', '/api/course')).json());
  await api.call('POST', '/api/user/cart', { token: customer.token, body: { courseId: course!._id, quantity: 1 } });
  return orderSchema.parse(await (await api.call('POST', '/api/user/cart/create-order', { token: customer.token, body: { shippingInfo } })).json());
}

const payments = async (query = '', token = staff.token): Promise<StaffPayment[]> => {
  const answer = await api.call('GET', `/api/staff/payments${query}`, { token });
  assert.equal(answer.status, 200);
  return ((await answer.json()) as unknown[]).map((payment) => staffPaymentSchema.parse(payment));
};
const record = (orderId: string, body: unknown, token = admin.token) => api.call('POST', `/api/staff/orders/${orderId}/payments`, { token, body });

before(async () => {
  // The phone never answers: an M-Pesa payment stays pending.
  daraja = await startDarajaSimulator({ ...credentials, answerAfterMs: 600_000 });
  api = await startTestApi({
    MPESA_BASE_URL: daraja.url,
    MPESA_CONSUMER_KEY: credentials.consumerKey,
    MPESA_CONSUMER_SECRET: credentials.consumerSecret,
    MPESA_SHORT_CODE: credentials.shortCode,
    MPESA_PASSKEY: credentials.passkey,
    MPESA_CALLBACK_BASE_URL: 'http://127.0.0.1:9',
  });
  staff = await addStaff(api);
  admin = await addStaff(api, 'admin');
  customer = await api.signUp('payer@example.co.ke');
  // A name a spreadsheet would run as a formula.
  await api.db.query(`UPDATE customers SET firstname = '=HYPERLINK("http://evil.example")' WHERE id = $1`, [customer.id]);
});
after(async () => {
  await api.close();
  await daraja.close();
});

describe('payments in the back office', () => {
  it('lists an M-Pesa payment with the phone masked, on its order too, and filters by state and day', async () => {
    const order = await placeOrder();
    assert.equal((await api.call('POST', '/api/payments', { token: customer.token, body: { orderId: order._id, phone: '0712345678' } })).status, 201);
    const [listed] = await payments('?state=pending');
    assert.equal(listed?.orderId, order._id);
    assert.equal(listed?.phone, '•••••••••678');
    assert.equal(listed?.amount, order.totalPrice);
    assert.equal(listed?.method, 'mpesa');
    assert.deepEqual(await payments('?state=paid'), []);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    assert.equal((await payments(`?from=${today}&to=${today}`)).length >= 1, true);
    assert.deepEqual(await payments('?to=2020-01-01'), []);
    assert.equal((await api.call('GET', '/api/staff/payments?state=owed', { token: staff.token })).status, 400);
    const onOrder = staffOrderSchema.parse(await (await api.call('GET', `/api/staff/orders/${order._id}`, { token: staff.token })).json());
    assert.deepEqual(
      onOrder.payments.map((payment) => payment.id),
      [listed!.id],
    );
    // A cash payment is not recorded while M-Pesa waits on the phone: the order would be paid twice.
    assert.equal((await record(order._id, { method: 'cash', amount: order.totalPrice, reason: 'Paid at the office' })).status, 409);
    // Nor is the order cancelled meanwhile: the customer may be entering their PIN.
    const cancel = await api.call('PUT', `/api/staff/orders/${order._id}/status`, { token: staff.token, body: { status: 'Cancelled' } });
    assert.equal(cancel.status, 409);
    assert.match(((await cancel.json()) as { message: string }).message, /waiting on the customer’s phone/);
  });

  it('lists a booking’s payment with the visitor who booked, the event and the booking’s lead', async () => {
    const { data: events } = eventListResponseSchema.parse(await (await api.call('GET', '/api/event')).json());
    const event = bookable(events).find((each) => each.price > 0)!;
    const contactDetails = { name: 'Achieng Otieno', email: 'achieng@example.co.ke', phone: '0722000111', contactMethod: 'Email' };
    const booking = (await (await api.call('POST', '/requests/booking', { body: { contactDetails, event: { id: event._id } } })).json()) as {
      _id: string;
      paymentToken: string;
    };
    const body = { bookingId: booking._id, bookingToken: booking.paymentToken, phone: '0712345678' };
    assert.equal((await api.call('POST', '/api/payments/booking', { body })).status, 201);
    const listed = (await payments('?state=pending')).find((payment) => payment.bookingId === booking._id);
    const [lead] = await api.db.query<{ id: string }>("SELECT id FROM leads WHERE kind = 'booking' AND source_id = $1", [booking._id]);
    assert.deepEqual(
      {
        orderId: listed?.orderId,
        reference: listed?.reference,
        payer: listed?.payerName,
        event: listed?.eventTitle,
        lead: listed?.leadId,
        amount: listed?.amount,
      },
      { orderId: null, reference: booking._id.slice(-8).toUpperCase(), payer: 'Achieng Otieno', event: event.title, lead: lead!.id, amount: event.price },
    );
    const csv = await (await api.call('GET', '/api/staff/payments/export?state=pending', { token: staff.token })).text();
    assert.ok(csv.includes(`"Booking: ${event.title}","${listed!.reference}","Achieng Otieno","M-Pesa"`), csv);
  });

  it('lets an admin record a cash payment with its reason, in the audit log, and pays the order once', async () => {
    const order = await placeOrder();
    assert.equal((await record(order._id, { method: 'cash', amount: order.totalPrice, reason: 'Paid at the office' }, staff.token)).status, 403);
    const wrongAmount = await record(order._id, { method: 'cash', amount: order.totalPrice - 1, reason: 'Paid at the office' });
    assert.equal(wrongAmount.status, 400);
    assert.equal(((await wrongAmount.json()) as { message: string }).message, "The amount must be the order's total, KES 85,000");
    assert.equal((await record(order._id, { method: 'cheque', amount: order.totalPrice, reason: 'x' })).status, 400);
    assert.equal((await record(order._id, { method: 'cash', amount: order.totalPrice, reason: '' })).status, 400);

    const recorded = await record(order._id, {
      method: 'bank',
      amount: order.totalPrice,
      reference: 'EQ-2026-0042',
      reason: 'Bank transfer seen on the statement',
    });
    assert.equal(recorded.status, 201);
    const [payment] = ((await recorded.json()) as unknown[]).map((each) => staffPaymentSchema.parse(each));
    assert.deepEqual(
      { state: payment?.state, method: payment?.method, receipt: payment?.receipt, recordedBy: payment?.recordedBy },
      { state: 'paid', method: 'bank', receipt: 'EQ-2026-0042', recordedBy: admin.email },
    );
    const [mine] = (await (await api.call('GET', '/api/user/getmyorders', { token: customer.token })).json()) as { _id: string; paidAt?: string }[];
    assert.equal(mine?._id, order._id);
    assert.ok(mine?.paidAt, 'the customer sees it paid');
    assert.equal((await record(order._id, { method: 'cash', amount: order.totalPrice, reason: 'Again' })).status, 409);
    const [entry] = await api.db.query<{ action: string; staff_email: string; after: { reason: string } }>(
      "SELECT action, staff_email, after FROM audit_log WHERE subject = $1 AND action = 'payment recorded'",
      [`order:${order._id}`],
    );
    assert.deepEqual(
      { action: entry?.action, by: entry?.staff_email, reason: entry?.after.reason },
      { action: 'payment recorded', by: admin.email, reason: 'Bank transfer seen on the statement' },
    );
  });

  it('lets an admin record refunds of a payment received, never more than it, and the order refunded once all is back', async () => {
    const order = await placeOrder();
    const [paid] = ((await (await record(order._id, { method: 'cash', amount: order.totalPrice, reason: 'Paid at the office' })).json()) as unknown[]).map(
      (each) => staffPaymentSchema.parse(each),
    );
    const refund = (paymentId: string, body: unknown, token = admin.token) => api.call('POST', `/api/staff/payments/${paymentId}/refunds`, { token, body });
    const half = Math.floor(order.totalPrice / 2);
    const reason = 'The course was moved; the customer asked for the money back';
    assert.equal((await refund(paid!.id, { method: 'cash', amount: half, reason }, staff.token)).status, 403);
    const tooMuch = await refund(paid!.id, { method: 'cash', amount: order.totalPrice + 1, reason });
    assert.equal(tooMuch.status, 400);
    // The amount as the business writes it (formatKes): the first course, KES 85,000.
    assert.equal(((await tooMuch.json()) as { message: string }).message, 'At most KES 85,000 is left to refund on this payment');
    assert.equal((await refund(paid!.id, { method: 'cash', amount: half, reason: '' })).status, 400);
    const [waiting] = await payments('?state=pending');
    assert.equal((await refund(waiting!.id, { method: 'mpesa', amount: 1, reason })).status, 409, 'a payment still waiting on the phone');

    const first = await refund(paid!.id, { method: 'mpesa', amount: half, reference: 'RFD1ABC2DE', reason });
    assert.equal(first.status, 201);
    const recorded = staffPaymentSchema.parse(await first.json());
    assert.deepEqual(
      { state: recorded.state, of: recorded.refundOf, amount: recorded.amount, orderId: recorded.orderId, by: recorded.recordedBy },
      { state: 'refunded', of: paid!.id, amount: half, orderId: order._id, by: admin.email },
    );
    const mine = async () =>
      ((await (await api.call('GET', '/api/user/getmyorders', { token: customer.token })).json()) as Order[]).find((each) => each._id === order._id)!;
    assert.equal((await mine()).refundedAt, null, 'half given back: still paid');
    assert.equal((await payments('?state=paid')).find((payment) => payment.id === paid!.id)?.refunded, half);
    assert.equal((await refund(recorded.id, { method: 'cash', amount: 1, reason })).status, 409, 'a refund is not refunded');

    assert.equal((await refund(paid!.id, { method: 'bank', amount: order.totalPrice - half, reason })).status, 201);
    assert.ok((await mine()).refundedAt, 'all given back: the customer sees it refunded');
    const full = await refund(paid!.id, { method: 'cash', amount: 1, reason });
    assert.equal(full.status, 409);
    assert.equal(((await full.json()) as { message: string }).message, 'This payment is refunded in full');
    const onOrder = staffOrderSchema.parse(await (await api.call('GET', `/api/staff/orders/${order._id}`, { token: staff.token })).json());
    assert.deepEqual(
      onOrder.payments.map((payment) => payment.state),
      ['paid', 'refunded', 'refunded'],
    );
    const entries = await api.db.query<{ after: { of: string; amount: number; reason: string } }>(
      "SELECT after FROM audit_log WHERE subject = $1 AND action = 'refund recorded' ORDER BY id",
      [`order:${order._id}`],
    );
    assert.deepEqual(
      entries.map(({ after }) => [after.of, after.amount, after.reason]),
      [
        [paid!.id, half, reason],
        [paid!.id, order.totalPrice - half, reason],
      ],
    );
    const csv = await (await api.call('GET', '/api/staff/payments/export?state=refunded', { token: staff.token })).text();
    assert.match(csv, new RegExp(`"refunded","-${half}"`));
  });

  it('makes a payment and a refund sent again with their Idempotency-Key once: the repeat gets the first answer', async () => {
    const order = await placeOrder();
    const once = (path: string, body: unknown, key: string) =>
      api.call('POST', `/api/staff/${path}`, { token: admin.token, body, headers: { 'Idempotency-Key': key } });
    const cash = { method: 'cash', amount: order.totalPrice, reason: 'Paid at the Nakuru office' };
    const paymentKey = randomUUID();
    const first = await once(`orders/${order._id}/payments`, cash, paymentKey);
    assert.equal(first.status, 201);
    const firstAnswer = await first.text();
    // The link dropped before the answer came: the back office sends it again, and is told it was recorded.
    const again = await once(`orders/${order._id}/payments`, cash, paymentKey);
    assert.deepEqual([again.status, again.headers.get('Idempotent-Replayed'), await again.text()], [201, 'true', firstAnswer]);
    const [paid] = (JSON.parse(firstAnswer) as unknown[]).map((each) => staffPaymentSchema.parse(each));

    const refund = { method: 'cash', amount: 1_000, reason: 'Half a day missed; the customer asked for it back' };
    const refundKey = randomUUID();
    assert.equal((await once(`payments/${paid!.id}/refunds`, refund, refundKey)).status, 201);
    assert.equal((await once(`payments/${paid!.id}/refunds`, refund, refundKey)).status, 201);
    assert.equal((await once(`payments/${paid!.id}/refunds`, { ...refund, amount: 2_000 }, refundKey)).status, 422, 'the key of another refund');
    const onOrder = staffOrderSchema.parse(await (await api.call('GET', `/api/staff/orders/${order._id}`, { token: staff.token })).json());
    assert.deepEqual(
      onOrder.payments.map((payment) => [payment.state, payment.amount]),
      [
        ['paid', order.totalPrice],
        ['refunded', 1_000],
      ],
      'one payment and one refund',
    );
    // A key is the member's own: another admin's request with it is another request.
    const other = await addStaff(api, 'admin');
    const theirs = await api.call('POST', `/api/staff/payments/${paid!.id}/refunds`, {
      token: other.token,
      body: refund,
      headers: { 'Idempotency-Key': refundKey },
    });
    assert.equal(theirs.headers.get('Idempotent-Replayed'), null);
  });

  it('exports the payments as CSV that a spreadsheet reads as text', async () => {
    const answer = await api.call('GET', '/api/staff/payments/export', { token: staff.token });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('Content-Disposition') ?? '', /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await answer.text();
    assert.match(csv, /^"Started","Settled","For","Reference","Paid by","Method","State","Amount \(KES\)"/);
    assert.match(csv, /"'=HYPERLINK\(""http:\/\/evil\.example""\) Mwangi"/);
    assert.doesNotMatch(csv, /"=HYPERLINK/);
    assert.match(csv, /"•••••••••678"/);
    assert.doesNotMatch(csv, /254712345678/);
  });

  it('answers a day that is not on the calendar with a 400 on every list and export that takes one', async () => {
    for (const path of ['/api/staff/payments', '/api/staff/payments/export', '/api/staff/leads', '/api/staff/leads/export']) {
      for (const query of ['from=2026-02-31', 'to=2026-13-01', 'from=0000-00-00', 'to=2026-1-1']) {
        const answer = await api.call('GET', `${path}?${query}`, { token: staff.token });
        assert.equal(answer.status, 400, `${path}?${query}`);
        assert.match(((await answer.json()) as { message: string }).message, /Dates are YYYY-MM-DD/);
      }
    }
    assert.equal((await api.call('GET', '/api/staff/payments?from=2028-02-29', { token: staff.token })).status, 200, 'a leap day is one');
  });

  it('shows a closed payment whose money Safaricom confirmed later as paid after it was closed, in the list and the CSV', async () => {
    const order = await placeOrder();
    await api.db.query(
      `INSERT INTO payments (id, order_id, method, amount, phone, state, settled_at, closed_paid, closed_paid_receipt)
       VALUES ('late-paid-1', $1, 'mpesa', $2, '254712345678', 'expired', now(), 'confirmed', 'LATE123456')`,
      [order._id, order.totalPrice],
    );
    const [listed] = (await payments('?state=expired')).filter((payment) => payment.id === 'late-paid-1');
    assert.equal(listed?.paidAfterClose, true);
    const csv = await (await api.call('GET', '/api/staff/payments/export?state=expired', { token: staff.token })).text();
    assert.match(csv, /"expired, paid after it was closed"/);
  });
});
