import { type AddToCartRequest, addToCartRequestSchema, type Cart, cartSchema, quantitySchema } from './contract/cart';
import { anyReplySchema, readAnswer } from './contract/reader';
import { ACCOUNT_FALLBACK } from './errors';
import { call, type CallSpec, checkRequest, segment } from './http';
import { isApiError } from './errors';
import { storeCart, useSession } from './session/session-store';

const countSeats = (cart: Cart): Cart => {
  storeCart(
    cart.items.reduce((seats, item) => seats + item.quantity, 0),
    cart.items.map((item) => item.course._id),
  );
  return cart;
};

/**
 * A cart change, then the cart as it now is. Our server answers every change with the whole cart; one that
 * answers with the changed item only (or nothing) is followed by GET user/cart.
 */
async function changeCart(change: Omit<CallSpec<unknown>, 'auth' | 'response'>): Promise<Cart> {
  const reply = await call({ ...change, auth: 'required', response: anyReplySchema });
  const whole = readAnswer(`${change.method} ${change.path}`, cartSchema, reply);
  return whole.success ? countSeats(whole.data) : getCart();
}

/** POST user/cart: adds a course (or more seats of it). */
export async function addToCart(request: AddToCartRequest): Promise<Cart> {
  const errors = { fallback: 'Error adding to cart' };
  const body = checkRequest(addToCartRequestSchema, request, errors);
  return changeCart({ method: 'POST', path: 'user/cart', body, once: true, errors });
}

/**
 * A course put in the cart once (a seat), against any API: 'already' when it is there, as the last cart seen this
 * visit says (or the cart, asked now), or as our API answers (409); a second tap never makes two seats. Its seats
 * change in the cart (updateCartQuantity).
 */
export async function putInCart(courseId: string): Promise<'added' | 'already'> {
  const inCart = useSession.getState().cartCourseIds ?? (await getCart()).items.map((item) => item.course._id);
  if (inCart.includes(courseId)) return 'already';
  try {
    await addToCart({ courseId, quantity: 1 });
    return 'added';
  } catch (error) {
    if (!isApiError(error) || error.status !== 409) throw error;
    await getCart(); // another tab put it there: the page learns it
    return 'already';
  }
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
export const removeFromCart = (cartItemId: string): Promise<Cart> =>
  changeCart({
    method: 'DELETE',
    path: `user/delete-product-cart/${segment(cartItemId)}`,
    errors: { fallback: ACCOUNT_FALLBACK },
  });

/** PUT user/update-product-cart/{cartItemId}/{quantity}, no body. */
export async function updateCartQuantity(cartItemId: string, quantity: number): Promise<Cart> {
  const errors = { fallback: ACCOUNT_FALLBACK };
  const checked = checkRequest(quantitySchema, quantity, errors);
  return changeCart({ method: 'PUT', path: `user/update-product-cart/${segment(cartItemId)}/${checked}`, errors });
}

/** DELETE user/empty-cart. */
export const emptyCart = (): Promise<Cart> => changeCart({ method: 'DELETE', path: 'user/empty-cart', errors: { fallback: 'Error emptying cart' } });
