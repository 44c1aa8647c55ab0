import { Hono } from 'hono';
import { addToWishlistRequestSchema } from '@agri/api-client/contract';
import { courseExists, recentlyViewedOf, toggleWishlist, wishlistOf } from '../../accounts/saved-courses';
import { answer } from '../../dialect';
import { readBody, requireCustomer, type AuthEnv } from '../../http';
import { notFound } from '../../http-error';
import type { Services } from '../../services';

/** The courses a customer keeps (GET, PUT wishlist) and the ones they opened (GET recently-viewed). */
export function savedCourseRoutes(services: Services): Hono<AuthEnv> {
  const { db, config } = services;
  const signedIn = requireCustomer(services);
  return new Hono<AuthEnv>()
    .get('/wishlist', signedIn, async (c) => answer(c, config.dialect, await wishlistOf(db, c.get('customer').id)))
    .put('/wishlist', signedIn, async (c) => {
      const { courseId } = await readBody(c, addToWishlistRequestSchema);
      const { id } = c.get('customer');
      if (!(await courseExists(db, courseId))) throw notFound('Course');
      await toggleWishlist(db, id, courseId);
      return answer(c, config.dialect, await wishlistOf(db, id));
    })
    .get('/recently-viewed', signedIn, async (c) => answer(c, config.dialect, await recentlyViewedOf(db, c.get('customer').id)));
}
