import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { courseListSchema, orderSchema, type Order } from '@agri/api-client/contract';
import { PAID_ORDER_CANCEL_MESSAGE, staffOrderSchema, type StaffOrder } from '@agri/api-client/staff-contract';
import { createApp } from '../app';
import type { Db } from '../db/db';
import { engine } from '../test-database';
import { startTestApi, testAddress, type TestApi } from '../test-support';
import { addStaff, type TestStaff } from './staff-test-support';

let api: TestApi;
let staff: TestStaff;
let customer: { token: string; id: string };

const shippingInfo = testAddress('Wanjiku');

async function placeOrder(): Promise<Order> {
  const [course] = courseListSchema.parse(await (await api.call('GET', '/api/course')).json());
  await api.call('POST', '/api/user/cart', { token: customer.token, body: { courseId: course!._id, quantity: 2 } });
  return orderSchema.parse(await (await api.call('POST', '/api/user/cart/create-order', { token: customer.token, body: { shippingInfo } })).json());
}

const move = (id: string, status: string) => api.call('PUT', `/api/staff/orders/${id}/status`, { token: staff.token, body: { status } });
const cancelRequest = (id: string) =>
  new Request(`http://api.test/api/user/updateOrder/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({ status: 'Cancelled' }),
  });
const staffView = async (id: string) => staffOrderSchema.parse(await (await api.call('GET', `/api/staff/orders/${id}`, { token: staff.token })).json());

/** Each change starts from the status the one before it left, and the last is the order's status. */
function assertOneStory(order: StaffOrder) {
  order.history.forEach((change, n) => assert.equal(change.from, order.history[n - 1]?.to ?? '', JSON.stringify(order.history)));
  assert.equal(order.history.at(-1)!.to, order.status);
}

/** An order that staff are preparing: the customer may still cancel it, and staff may deliver it. */
async function processingOrder(): Promise<Order> {
  const order = await placeOrder();
  assert.equal((await move(order._id, 'Processing')).status, 200);
  return order;
}

before(async () => {
  api = await startTestApi();
  staff = await addStaff(api);
  customer = await api.signUp('buyer@example.co.ke');
});
after(() => api.close());

describe('orders in the back office', () => {
  it('lists every order with its customer, items and total', async () => {
    const order = await placeOrder();
    const orders = ((await (await api.call('GET', '/api/staff/orders', { token: staff.token })).json()) as unknown[]).map((o) => staffOrderSchema.parse(o));
    const listed = orders.find((o) => o._id === order._id);
    assert.equal(listed?.customer.email, 'buyer@example.co.ke');
    assert.equal(listed?.totalPrice, order.totalPrice);
    assert.equal(listed?.status, 'Ordered');
  });

  it('moves an order only along the allowed transitions, and the customer sees the new status', async () => {
    const order = await placeOrder();
    assert.equal((await move(order._id, 'Delivered')).status, 409, 'not delivered before it is prepared');
    assert.equal((await move(order._id, 'Processing')).status, 200);
    const mine = ((await (await api.call('GET', '/api/user/getmyorders', { token: customer.token })).json()) as unknown[]).map((o) => orderSchema.parse(o));
    assert.equal(mine.find((o) => o._id === order._id)?.status, 'Processing');
    assert.equal((await move(order._id, 'Ordered')).status, 409, 'never backwards');
    assert.equal((await move(order._id, 'Dispatched')).status, 200);
    const delivered = staffOrderSchema.parse(await (await move(order._id, 'Delivered')).json());
    assert.deepEqual(
      delivered.history.map((change) => [change.to, change.by]),
      [
        ['Ordered', 'customer'],
        ['Processing', staff.email],
        ['Dispatched', staff.email],
        ['Delivered', staff.email],
      ],
    );
    assert.equal((await move(order._id, 'Cancelled')).status, 409, 'not cancelled once delivered');
    assert.equal((await move(order._id, 'Shipped')).status, 400);
    const audit = await api.db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'order status changed' AND subject = $1 ORDER BY id",
      [`order:${order._id}`],
    );
    assert.deepEqual(
      audit.map((row) => [row.before, row.after]),
      [
        [{ status: 'Ordered' }, { status: 'Processing' }],
        [{ status: 'Processing' }, { status: 'Dispatched' }],
        [{ status: 'Dispatched' }, { status: 'Delivered' }],
      ],
    );
  });

  it('cancels a paid order only saying what happens to the money, in the audit log, and the customer is told', async () => {
    const order = await placeOrder();
    await api.db.query('UPDATE orders SET paid_at = now() WHERE id = $1', [order._id]);
    const cancel = (body: Record<string, unknown>) => api.call('PUT', `/api/staff/orders/${order._id}/status`, { token: staff.token, body });
    const refused = await cancel({ status: 'Cancelled' });
    assert.equal(refused.status, 409);
    assert.equal(((await refused.json()) as { message: string }).message, PAID_ORDER_CANCEL_MESSAGE);
    assert.equal((await cancel({ status: 'Cancelled', refundToArrange: 'x' })).status, 400);
    assert.equal((await staffView(order._id)).status, 'Ordered', 'nothing changed');

    const cancelled = await cancel({ status: 'Cancelled', refundToArrange: 'The customer cannot attend; refund by M-Pesa' });
    assert.equal(cancelled.status, 200);
    const seen = staffOrderSchema.parse(await cancelled.json());
    assert.deepEqual([seen.status, seen.refundToArrange], ['Cancelled', true]);
    const [entry] = await api.db.query<{ after: { status: string; refund: string } }>(
      "SELECT after FROM audit_log WHERE subject = $1 AND action = 'order status changed' ORDER BY id DESC LIMIT 1",
      [`order:${order._id}`],
    );
    assert.deepEqual(entry?.after, { status: 'Cancelled', refund: 'to be arranged: The customer cannot attend; refund by M-Pesa' });
    const mine = ((await (await api.call('GET', '/api/user/getmyorders', { token: customer.token })).json()) as unknown[]).map((each) =>
      orderSchema.parse(each),
    );
    assert.equal(mine.find((each) => each._id === order._id)?.refundToArrange, true);
    // Refunded in full later: no more 'to be arranged'.
    await api.db.query('UPDATE orders SET refunded_at = now() WHERE id = $1', [order._id]);
    assert.equal((await staffView(order._id)).refundToArrange, false);
  });

  it('cancels an unpaid, or a refunded, order without a word about money', async () => {
    const unpaid = await placeOrder();
    assert.equal((await move(unpaid._id, 'Cancelled')).status, 200);
    const refunded = await placeOrder();
    await api.db.query('UPDATE orders SET paid_at = now(), refunded_at = now() WHERE id = $1', [refunded._id]);
    assert.equal((await move(refunded._id, 'Cancelled')).status, 200);
    assert.equal((await staffView(refunded._id)).refundToArrange, false);
  });

  it("shows a customer's cancellation in the history, and a cancelled order moves no more", async () => {
    const order = await placeOrder();
    await api.call('PUT', `/api/user/updateOrder/${order._id}`, { token: customer.token, body: { status: 'Cancelled' } });
    const cancelled = staffOrderSchema.parse(await (await api.call('GET', `/api/staff/orders/${order._id}`, { token: staff.token })).json());
    assert.deepEqual(
      cancelled.history.map((change) => [change.from, change.to, change.by]),
      [
        ['', 'Ordered', 'customer'],
        ['Ordered', 'Cancelled', 'customer'],
      ],
    );
    assert.equal((await move(order._id, 'Processing')).status, 409);
    assert.equal((await api.call('GET', '/api/staff/orders/00000000-0000-0000-0000-000000000000', { token: staff.token })).status, 404);
  });
});

describe('a customer\'s cancel racing staff\'s "Delivered" (issue 39)', () => {
  it("staff deliver after the customer's cancel has started: the order stays Delivered and the customer is told", async () => {
    const order = await processingOrder();
    // Staff's "Delivered" lands while the cancel is under way, before its transaction.
    let delivered: Response | undefined;
    const racing: Db = {
      ...api.db,
      transaction: async (work) => {
        delivered ??= await move(order._id, 'Delivered');
        return api.db.transaction(work);
      },
    };
    const cancel = await createApp({ db: racing, config: api.config }).request(cancelRequest(order._id));
    assert.equal(delivered?.status, 200);
    assert.equal(cancel.status, 409);
    assert.equal(((await cancel.json()) as { message: string }).message, 'An order that is Delivered can no longer be cancelled');
    const after = await staffView(order._id);
    assert.equal(after.status, 'Delivered');
    assertOneStory(after);
  });

  it(`run together many times on ${engine}: one of the two wins, the other is refused, and the history tells one story`, async () => {
    for (let round = 0; round < 20; round++) {
      const order = await processingOrder();
      const [cancel, deliver] = await Promise.all([api.app.request(cancelRequest(order._id)), move(order._id, 'Delivered')]);
      assert.deepEqual([cancel.status, deliver.status].sort(), [200, 409], `round ${round}`);
      const after = await staffView(order._id);
      assert.equal(after.status, cancel.status === 200 ? 'Cancelled' : 'Delivered');
      assert.equal(after.history.length, 3, "ordered, processing, and the winner's change alone");
      assertOneStory(after);
    }
  });
});
