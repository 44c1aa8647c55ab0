import * as z from 'zod/mini';
import { call, checkRequest, segment } from './http';
import { courseSummarySchema } from './courses';
import { shippingAddressSchema, storedAddressSchema } from './address';
import { amountSchema, anyReplySchema, instantSchema, listOf, numberWhere, readAnswer, readAs, serverIdSchema } from './reader';
import { storeCartCount } from './session/session-store';

export const ORDER_STATUSES = ['Ordered', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
/** A status as a server may spell it ('cancelled', 'CANCELLED'), read as the spec's. */
const orderStatusAnswerSchema = readAs(
  (value) => (typeof value === 'string' ? (ORDER_STATUSES.find((status) => status.toLowerCase() === value.trim().toLowerCase()) ?? value) : value),
  orderStatusSchema,
);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderSchema = z.object({
  /** The orderId of the status update. */
  _id: serverIdSchema,
  items: listOf(
    z.object({
      course: courseSummarySchema,
      quantity: numberWhere(z.int().check(z.positive())),
      /** Unit price in KES. */
      price: amountSchema,
    }),
  ),
  /** Not shown on any page; kept when the server sends it. */
  shippingInfo: z.optional(storedAddressSchema),
  /** KES, VAT inclusive. */
  totalPrice: amountSchema,
  status: orderStatusAnswerSchema,
  createdAt: instantSchema,
});
export type Order = z.output<typeof orderSchema>;

export const createOrderRequestSchema = z.object({ shippingInfo: shippingAddressSchema });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** A customer may only cancel; the server refuses other changes. */
export const updateOrderRequestSchema = z.object({ status: orderStatusSchema });
export type UpdateOrderRequest = z.infer<typeof updateOrderRequestSchema>;

/**
 * POST user/cart/create-order: turns the whole cart into an order and empties the cart.
 * Resolves with the order when the server's answer describes it, else null (it was stored all the same).
 */
export async function createOrder(request: CreateOrderRequest): Promise<Order | null> {
  const errors = { fallback: 'Error creating order' };
  const body = checkRequest(createOrderRequestSchema, request, errors);
  const reply = await call({ method: 'POST', path: 'user/cart/create-order', auth: 'required', body, response: anyReplySchema, errors });
  storeCartCount(0);
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
