import { z } from 'zod';
import { call, checkRequest, segment } from './http';
import { idSchema } from './common';
import { courseSummarySchema } from './courses';
import { useSession } from './session/session-store';

export const cartItemSchema = z.object({
  /** The cartItemId of update and remove. */
  _id: idSchema,
  course: courseSummarySchema,
  quantity: z.number().int().positive(),
  /** Unit price in KES when added. */
  price: z.number().nonnegative(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** Every cart call answers with the whole cart, so the header's count stays right. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** KES, VAT inclusive. */
  totalPrice: z.number().nonnegative(),
});
export type Cart = z.infer<typeof cartSchema>;

export const quantitySchema = z.number().int().min(1).max(100);
export const addToCartRequestSchema = z.object({ courseId: idSchema, quantity: quantitySchema });
export type AddToCartRequest = z.infer<typeof addToCartRequestSchema>;

const countSeats = (cart: Cart): Cart => {
  useSession.getState().setCartCount(cart.items.reduce((seats, item) => seats + item.quantity, 0));
  return cart;
};

/** POST user/cart: adds a course (or more seats of it). */
export async function addToCart(request: AddToCartRequest): Promise<Cart> {
  const errors = { fallback: 'Error adding to cart' };
  const body = checkRequest(addToCartRequestSchema, request, errors);
  return countSeats(await call({ method: 'POST', path: 'user/cart', auth: 'required', body, response: cartSchema, errors }));
}

/** GET user/cart. */
export const getCart = async (): Promise<Cart> =>
  countSeats(
    await call({
      method: 'GET',
      path: 'user/cart',
      auth: 'required',
      response: cartSchema,
      errors: { fallback: 'Error getting cart' },
    }),
  );

/** DELETE user/delete-product-cart/{cartItemId}. */
export const removeFromCart = async (cartItemId: string): Promise<Cart> =>
  countSeats(
    await call({
      method: 'DELETE',
      path: `user/delete-product-cart/${segment(cartItemId)}`,
      auth: 'required',
      response: cartSchema,
      errors: { fallback: 'Something Went Wrong!' },
    }),
  );

/** PUT user/update-product-cart/{cartItemId}/{quantity}, no body. */
export async function updateCartQuantity(cartItemId: string, quantity: number): Promise<Cart> {
  const errors = { fallback: 'Something Went Wrong!' };
  const checked = checkRequest(quantitySchema, quantity, errors);
  return countSeats(
    await call({
      method: 'PUT',
      path: `user/update-product-cart/${segment(cartItemId)}/${checked}`,
      auth: 'required',
      response: cartSchema,
      errors,
    }),
  );
}

/** DELETE user/empty-cart. */
export const emptyCart = async (): Promise<Cart> =>
  countSeats(
    await call({
      method: 'DELETE',
      path: 'user/empty-cart',
      auth: 'required',
      response: cartSchema,
      errors: { fallback: 'Error emptying cart' },
    }),
  );
