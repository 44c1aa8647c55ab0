import { Hono, type Context } from 'hono';
import { addToCartRequestSchema, createOrderRequestSchema, quantitySchema, updateOrderRequestSchema, type OrderStatus } from '@agri/api-client/contract';
import { addToCart, cartOf, coursePrice, emptyCart, removeCartLine, setCartQuantity } from '../../accounts/cart';
import { cancelOrder, insertOrder, orderOf, ordersOf } from '../../accounts/orders';
import { answer, newId } from '../../dialect';
import { check, readBody, requireCustomer, type AuthEnv } from '../../http';
import { HttpError, notFound } from '../../http-error';
import { pathId } from '../../request-guards';
import { claimKey, once } from '../../idempotency';
import type { Services } from '../../services';

/** A customer may cancel until the order leaves; other status changes belong to staff. */
const CANCELLABLE: OrderStatus[] = ['Ordered', 'Processing'];

const PAID_ORDER_NOT_CANCELLABLE = 'A paid order cannot be cancelled here. Please call us, and we will refund you.';

/** What a MongoDB driver answers a delete or an update with; the hosted API passes it on. */
const writeResult = (count: number, verb: 'deleted' | 'modified') =>
  verb === 'deleted' ? { acknowledged: true, deletedCount: count } : { acknowledged: true, matchedCount: count, modifiedCount: count };

/**
 * Cart and orders. Our API answers every cart change with the whole cart; the hosted API answers with the
 * changed item (its course unpopulated) or with the driver's write result, as MongoDB-style servers do.
 */
export function cartAndOrderRoutes(services: Services): Hono<AuthEnv> {
  const { db } = services;
  const { dialect } = services.config;
  // Per route, not .use(): this group shares the /user prefix with public account routes.
  const signedIn = requireCustomer(services);

  async function add(c: Context<AuthEnv>) {
    const { courseId, quantity } = await readBody(c, addToCartRequestSchema);
    await claimKey(c);
    const { id } = c.get('customer');
    const price = await coursePrice(db, courseId);
    if (price === undefined) throw notFound('Course');
    const line = await addToCart(db, { id: newId(dialect), customerId: id, courseId, quantity, price });
    return answer(c, dialect, await cartOf(db, id), () => ({ _id: line.id, course: courseId, quantity: line.quantity, price: line.price }));
  }

  async function remove(c: Context<AuthEnv>) {
    const { id } = c.get('customer');
    if (!(await removeCartLine(db, id, pathId(c, 'Cart item')))) throw notFound('Cart item');
    return answer(c, dialect, await cartOf(db, id), () => writeResult(1, 'deleted'));
  }

  async function changeQuantity(c: Context<AuthEnv>) {
    const quantity = check(quantitySchema, Number(c.req.param('quantity')));
    const { id } = c.get('customer');
    if (!(await setCartQuantity(db, id, pathId(c, 'Cart item'), quantity))) throw notFound('Cart item');
    return answer(c, dialect, await cartOf(db, id), () => writeResult(1, 'modified'));
  }

  async function empty(c: Context<AuthEnv>) {
    const { id } = c.get('customer');
    const removed = await emptyCart(db, id);
    return answer(c, dialect, await cartOf(db, id), () => writeResult(removed, 'deleted'));
  }

  async function createOrder(c: Context<AuthEnv>) {
    const { shippingInfo } = await readBody(c, createOrderRequestSchema);
    await claimKey(c);
    const { id } = c.get('customer');
    const order = await db.transaction(async (tx) => {
      const cart = await cartOf(tx, id);
      if (cart.items.length === 0) throw new HttpError(400, 'Your cart is empty');
      const created = await insertOrder(tx, { id: newId(dialect), customerId: id, cart, shippingInfo });
      await emptyCart(tx, id);
      return created;
    });
    return answer(c, dialect, order);
  }

  async function updateOrder(c: Context<AuthEnv>) {
    const orderId = pathId(c, 'Order');
    const { status } = await readBody(c, updateOrderRequestSchema);
    const { id } = c.get('customer');
    if (!(await orderOf(db, id, orderId))) throw notFound('Order');
    if (status !== 'Cancelled') throw new HttpError(403, 'Customers can only cancel an order');
    // Decided on the order as it is in the transaction: staff may have moved it since the read above.
    const outcome = await db.transaction((tx) => cancelOrder(tx, id, orderId, CANCELLABLE));
    if (!outcome) throw notFound('Order');
    const { order, cancelled, paymentWaiting } = outcome;
    if (!cancelled && order.paidAt && order.status !== 'Cancelled') throw new HttpError(409, PAID_ORDER_NOT_CANCELLABLE);
    if (paymentWaiting) throw new HttpError(409, 'An M-Pesa request for this order is waiting on your phone. Answer it, or try again in a few minutes.');
    if (!cancelled && order.status !== 'Cancelled') throw new HttpError(409, `An order that is ${order.status} can no longer be cancelled`);
    return answer(c, dialect, order, () => writeResult(cancelled ? 1 : 0, 'modified'));
  }

  return new Hono<AuthEnv>()
    .post('/cart', signedIn, once(services), add)
    .get('/cart', signedIn, async (c) => answer(c, dialect, await cartOf(db, c.get('customer').id)))
    .delete('/delete-product-cart/:id', signedIn, remove)
    .put('/update-product-cart/:id/:quantity', signedIn, changeQuantity)
    .delete('/empty-cart', signedIn, empty)
    .post('/cart/create-order', signedIn, once(services), createOrder)
    .get('/getmyorders', signedIn, async (c) => answer(c, dialect, await ordersOf(db, c.get('customer').id)))
    .put('/updateOrder/:id', signedIn, updateOrder);
}
