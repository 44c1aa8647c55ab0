import { z } from 'zod';
import { call, checkRequest, segment } from './http';
import { idSchema, isoDateTimeSchema } from './common';
import { courseSummarySchema } from './courses';
import { shippingAddressSchema } from './address';
import { useSession } from './session/session-store';

export const ORDER_STATUSES = ['Ordered', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderSchema = z.object({
  /** The orderId of the status update. */
  _id: idSchema,
  items: z.array(
    z.object({
      course: courseSummarySchema,
      quantity: z.number().int().positive(),
      /** Unit price in KES. */
      price: z.number().nonnegative(),
    }),
  ),
  shippingInfo: shippingAddressSchema,
  /** KES, VAT inclusive. */
  totalPrice: z.number().nonnegative(),
  status: orderStatusSchema,
  createdAt: isoDateTimeSchema,
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderRequestSchema = z.object({ shippingInfo: shippingAddressSchema });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** A customer may only cancel; the server refuses other changes. */
export const updateOrderRequestSchema = z.object({ status: orderStatusSchema });
export type UpdateOrderRequest = z.infer<typeof updateOrderRequestSchema>;

/** POST user/cart/create-order: turns the whole cart into an order and empties the cart. */
export async function createOrder(request: CreateOrderRequest): Promise<Order> {
  const errors = { fallback: 'Error creating order' };
  const body = checkRequest(createOrderRequestSchema, request, errors);
  const order = await call({
    method: 'POST',
    path: 'user/cart/create-order',
    auth: 'required',
    body,
    response: orderSchema,
    errors,
  });
  useSession.getState().setCartCount(0);
  return order;
}

/** GET user/getmyorders: newest first. */
export const getMyOrders = (): Promise<Order[]> =>
  call({
    method: 'GET',
    path: 'user/getmyorders',
    auth: 'required',
    response: z.array(orderSchema),
    errors: { fallback: 'Error getting user orders' },
  });

/** PUT user/updateOrder/{orderId}: e.g. { status: 'Cancelled' }. */
export function updateOrderStatus(orderId: string, request: UpdateOrderRequest): Promise<Order> {
  const errors = { fallback: 'Error updating order' };
  return call({
    method: 'PUT',
    path: `user/updateOrder/${segment(orderId)}`,
    auth: 'required',
    body: checkRequest(updateOrderRequestSchema, request, errors),
    response: orderSchema,
    errors,
  });
}
