import {
  type CreateOrderRequest,
  createOrderRequestSchema,
  type Order,
  orderSchema,
  type UpdateOrderRequest,
  updateOrderRequestSchema,
} from './contract/orders';
import { anyReplySchema, listOf, readAnswer } from './contract/reader';
import { call, checkRequest, segment } from './http';
import { storeCart } from './session/session-store';

/**
 * POST user/cart/create-order: turns the whole cart into an order and empties the cart.
 * Resolves with the order when the server's answer describes it, else null (it was stored all the same).
 */
export async function createOrder(request: CreateOrderRequest): Promise<Order | null> {
  const errors = { fallback: 'Error creating order' };
  const body = checkRequest(createOrderRequestSchema, request, errors);
  const reply = await call({ method: 'POST', path: 'user/cart/create-order', auth: 'required', body, once: true, response: anyReplySchema, errors });
  storeCart(0, []);
  return readAnswer('POST user/cart/create-order', orderSchema, reply).data ?? null;
}

/** GET user/getmyorders: newest first. */
export const getMyOrders = (): Promise<Order[]> =>
  call({
    method: 'GET',
    path: 'user/getmyorders',
    auth: 'required',
    response: listOf(orderSchema),
    errors: { fallback: 'Error getting user orders' },
  });

/**
 * PUT user/updateOrder/{orderId}: e.g. { status: 'Cancelled' }. Resolves with the updated order when the
 * server's answer describes it, else null (the change was stored all the same).
 */
export async function updateOrderStatus(orderId: string, request: UpdateOrderRequest): Promise<Order | null> {
  const errors = { fallback: 'Error updating order' };
  const path = `user/updateOrder/${segment(orderId)}`;
  const body = checkRequest(updateOrderRequestSchema, request, errors);
  const reply = await call({ method: 'PUT', path, auth: 'required', body, response: anyReplySchema, errors });
  return readAnswer(`PUT ${path}`, orderSchema, reply).data ?? null;
}
