import * as z from 'zod/mini';
import { shippingAddressSchema, storedAddressSchema } from './address';
import { courseSummarySchema } from './courses';
import { amountSchema, instantSchema, listOf, numberWhere, readAs, serverIdSchema } from './reader';

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
  /** When it was paid (an M-Pesa payment Safaricom confirmed, or one staff recorded); absent: not paid. */
  paidAt: z.catch(z.optional(z.nullable(instantSchema)), undefined),
  /** When what was paid for it was given back in full (recorded by staff); absent: not refunded. */
  refundedAt: z.catch(z.optional(z.nullable(instantSchema)), undefined),
  /** Cancelled by staff once paid: a refund is being arranged (until refundedAt says it was given). */
  refundToArrange: z.catch(z.optional(z.boolean()), undefined),
  /** The customer's M-Pesa request still waiting on their phone, if any: My Orders follows it again after a reload. */
  waitingPaymentId: z.catch(z.optional(z.nullable(z.string())), undefined),
});
export type Order = z.output<typeof orderSchema>;

export const createOrderRequestSchema = z.object({ shippingInfo: shippingAddressSchema });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** A customer may only cancel; the server refuses other changes. */
export const updateOrderRequestSchema = z.object({ status: orderStatusSchema });
export type UpdateOrderRequest = z.infer<typeof updateOrderRequestSchema>;

/**
 * An order's or a booking's short reference: what the customer quotes on the phone, and what their M-Pesa prompt
 * shows.
 */
export const shortReference = (id: string) => id.slice(-8).toUpperCase();
