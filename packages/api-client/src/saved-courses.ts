// The calls of spec section 7 about a customer's saved courses, which no page of the site makes yet (the spec shows
// no page for them): the contract keeps a typed call for every call it lists, so a page that needs one finds it
// ready, and the contract test (apps/api/src/contract.test.ts) runs them against the API.
import type * as z from 'zod/mini';
import type { CourseSummary } from './contract/courses';
import { addToWishlistRequestSchema, recentlyViewedSchema, wishlistSchema } from './contract/user';
import { call, callWithChecked } from './http';

/** GET user/wishlist: the signed-in customer's saved courses. */
export const getWishlist = (): Promise<CourseSummary[]> =>
  call({
    method: 'GET',
    path: 'user/wishlist',
    auth: 'required',
    response: wishlistSchema,
    errors: { fallback: 'Error getting wishlist' },
  });

/** PUT user/wishlist (not in the spec's list, which has no way to fill the wishlist): adds or removes a course. */
export async function toggleWishlist(request: z.infer<typeof addToWishlistRequestSchema>): Promise<CourseSummary[]> {
  return callWithChecked(addToWishlistRequestSchema, request, {
    method: 'PUT',
    path: 'user/wishlist',
    auth: 'required',
    response: wishlistSchema,
    errors: { fallback: 'Error updating wishlist' },
  });
}

/**
 * GET user/recently-viewed: courses the customer opened, latest first.
 * The spec sends the user id in a GET body, which browsers drop; the server reads it from the token.
 */
export const getRecentlyViewed = (): Promise<CourseSummary[]> =>
  call({
    method: 'GET',
    path: 'user/recently-viewed',
    auth: 'required',
    response: recentlyViewedSchema,
    errors: { fallback: 'Error getting recently viewed products' },
  });
