// Customer A against customer B's cart, orders, address and profile (issue 9): every attempt is refused or
// touches only A's own data, and B's rows are exactly as they were.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { courseListSchema, type Course } from '@agri/api-client/contract';
import { startTestApi, testAddress, type TestApi } from './test-support';

let api: TestApi;
let courses: Course[];
let a: { token: string; id: string };
let b: { token: string; id: string };
let bCartItemId: string;
let bOrderId: string;

async function json<T>(response: Response): Promise<T> {
  assert.ok(response.status < 300, `answered ${response.status}`);
  return (await response.json()) as T;
}

/** Everything of B's that A might reach, straight from the database. */
const bRows = async () => ({
  customer: await api.db.query('SELECT * FROM customers WHERE id = $1', [b.id]),
  cart: await api.db.query('SELECT * FROM cart_items WHERE customer_id = $1 ORDER BY id', [b.id]),
  orders: await api.db.query('SELECT * FROM orders WHERE customer_id = $1 ORDER BY id', [b.id]),
  address: await api.db.query('SELECT * FROM addresses WHERE customer_id = $1', [b.id]),
  wishlist: await api.db.query('SELECT * FROM wishlist WHERE customer_id = $1 ORDER BY course_id', [b.id]),
  sessions: await api.db.query('SELECT * FROM sessions WHERE customer_id = $1 ORDER BY id', [b.id]),
});

before(async () => {
  api = await startTestApi();
  courses = courseListSchema.parse(await json(await api.call('GET', '/api/course')));
  a = await api.signUp('customer.a@example.co.ke');
  b = await api.signUp('customer.b@example.co.ke');
  await json(await api.call('POST', '/api/user/cart', { token: b.token, body: { courseId: courses[0]!._id, quantity: 1 } }));
  bOrderId = (
    await json<{ _id: string }>(await api.call('POST', '/api/user/cart/create-order', { token: b.token, body: { shippingInfo: testAddress('Bahati') } }))
  )._id;
  const cart = await json<{ items: { _id: string }[] }>(
    await api.call('POST', '/api/user/cart', { token: b.token, body: { courseId: courses[1]!._id, quantity: 2 } }),
  );
  bCartItemId = cart.items[0]!._id;
  await json(await api.call('PUT', '/api/user/add-address', { token: b.token, body: testAddress('Bahati') }));
  await json(await api.call('PUT', '/api/user/wishlist', { token: b.token, body: { courseId: courses[2]!._id } }));
});
after(() => api.close());

describe("customer A against customer B's data", () => {
  it("cannot change or remove B's cart item, nor cancel B's order, by id", async () => {
    const untouched = await bRows();
    const tries = [
      await api.call('DELETE', `/api/user/delete-product-cart/${bCartItemId}`, { token: a.token }),
      await api.call('PUT', `/api/user/update-product-cart/${bCartItemId}/5`, { token: a.token }),
      await api.call('PUT', `/api/user/updateOrder/${bOrderId}`, { token: a.token, body: { status: 'Cancelled' } }),
    ];
    assert.deepEqual(await Promise.all(tries.map(async (response) => [response.status, ((await response.json()) as { message: string }).message])), [
      [404, 'Cart item not found'],
      [404, 'Cart item not found'],
      [404, 'Order not found'],
    ]);
    assert.deepEqual(await bRows(), untouched);
  });

  it("sees only A's own cart, orders, address, wishlist and profile", async () => {
    const cart = await json<{ items: unknown[] }>(await api.call('GET', '/api/user/cart', { token: a.token }));
    const orders = await json<unknown[]>(await api.call('GET', '/api/user/getmyorders', { token: a.token }));
    const address = await json<{ address: unknown }>(await api.call('GET', '/api/user/get-address', { token: a.token }));
    const wishlist = await json<unknown[]>(await api.call('GET', '/api/user/wishlist', { token: a.token }));
    const profile = await json<{ _id: string }>(await api.call('GET', '/api/user/getuser', { token: a.token }));
    assert.deepEqual([cart.items, orders, address.address, wishlist, profile._id], [[], [], null, [], a.id]);
  });

  it("ignores B's id sent in A's bodies: only A's address, profile and cart change", async () => {
    const untouched = await bRows();
    const bIds = { _id: b.id, id: b.id, customerId: b.id, customer_id: b.id, userId: b.id, user: b.id };
    await json(await api.call('PUT', '/api/user/add-address', { token: a.token, body: { ...testAddress('Akinyi'), ...bIds } }));
    await json(
      await api.call('PUT', '/api/user/edit-user', {
        token: a.token,
        body: { firstname: 'Akinyi', lastname: 'Otieno', email: 'customer.a@example.co.ke', mobile: '712345678', ...bIds },
      }),
    );
    await json(await api.call('POST', '/api/user/cart', { token: a.token, body: { courseId: courses[3]!._id, quantity: 1, ...bIds } }));
    assert.deepEqual(await bRows(), untouched);
    const [aAddress] = await api.db.query<{ address: { firstName: string } }>('SELECT address FROM addresses WHERE customer_id = $1', [a.id]);
    const [aCustomer] = await api.db.query<{ firstname: string }>('SELECT firstname FROM customers WHERE id = $1', [a.id]);
    const aCart = await api.db.query('SELECT 1 FROM cart_items WHERE customer_id = $1', [a.id]);
    assert.deepEqual([aAddress?.address.firstName, aCustomer?.firstname, aCart.length], ['Akinyi', 'Akinyi', 1]);
  });

  it("refuses B's data to a request without a valid token: none, B's id, forged or unsigned", async () => {
    const untouched = await bRows();
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(b.id)
      .setJti('forged')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-0123'));
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: b.id })).toString('base64url')}.`;
    for (const token of [undefined, b.id, forged, unsigned, `${b.token}x`]) {
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/user/cart'],
        ['GET', '/api/user/getmyorders'],
        ['GET', '/api/user/get-address'],
        ['GET', '/api/user/getuser'],
        ['DELETE', `/api/user/delete-product-cart/${bCartItemId}`],
        ['PUT', `/api/user/update-product-cart/${bCartItemId}/5`],
        ['PUT', `/api/user/updateOrder/${bOrderId}`, { status: 'Cancelled' }],
        ['PUT', '/api/user/add-address', testAddress('Mallory')],
        ['PUT', '/api/user/edit-user', { firstname: 'Mallory', lastname: 'X', email: 'customer.b@example.co.ke', mobile: '712345678' }],
        ['DELETE', '/api/user/empty-cart'],
      ];
      for (const [method, path, body] of calls) {
        const response = await api.call(method, path, { token, body });
        assert.equal(response.status, 401, `${method} ${path} with ${String(token).slice(0, 20)}`);
      }
    }
    assert.deepEqual(await bRows(), untouched);
  });
});
