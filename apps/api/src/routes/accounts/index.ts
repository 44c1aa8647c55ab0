import { Hono } from 'hono';
import { noStore, type AuthEnv } from '../../http';
import type { Services } from '../../services';
import { addressRoutes } from './address';
import { cartAndOrderRoutes } from './cart-and-orders';
import { newsletterRoutes } from './newsletter';
import { passwordRoutes } from './password';
import { profileRoutes } from './profile';
import { registrationRoutes } from './registration';
import { savedCourseRoutes } from './saved-courses';
import { sessionRoutes } from './session';

/**
 * Everything under /api/user, one file per concern, in the order a customer meets them. Each route
 * file holds the HTTP side (limits, checks, answers); the SQL is behind the named functions of
 * `src/accounts/`, one module per table or concern.
 */
export function accountRoutes(services: Services): Hono<AuthEnv> {
  return (
    new Hono<AuthEnv>()
      // Tokens and personal data: never kept by a browser's cache or a proxy.
      .use('*', noStore)
      .route('/', registrationRoutes(services))
      .route('/', sessionRoutes(services))
      .route('/', profileRoutes(services))
      .route('/', passwordRoutes(services))
      .route('/', addressRoutes(services))
      .route('/', savedCourseRoutes(services))
      .route('/', newsletterRoutes(services))
      .route('/', cartAndOrderRoutes(services))
  );
}
