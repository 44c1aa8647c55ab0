import * as z from 'zod/mini';
import { idSchema } from './common';
import { courseSummarySchema } from './courses';
import { amountSchema, listOf, numberWhere, serverIdSchema } from './reader';

export const cartItemSchema = z.object({
  /** The cartItemId of update and remove. */
  _id: serverIdSchema,
  course: courseSummarySchema,
  quantity: numberWhere(z.int().check(z.positive())),
  /** Unit price in KES when added. */
  price: amountSchema,
});
export type CartItem = z.output<typeof cartItemSchema>;

/** Every cart call answers with the whole cart, so the header's count stays right. */
export const cartSchema = z.object({
  items: listOf(cartItemSchema),
  /** KES, VAT inclusive. */
  totalPrice: amountSchema,
});
export type Cart = z.output<typeof cartSchema>;

/** The answer to adding a course already in the cart: its seats change in the cart, never by a second tap. */
export const ALREADY_IN_CART_MESSAGE = 'This course is already in your cart';

export const quantitySchema = z.int().check(z.minimum(1), z.maximum(100));
export const addToCartRequestSchema = z.object({ courseId: idSchema, quantity: quantitySchema });
export type AddToCartRequest = z.infer<typeof addToCartRequestSchema>;
