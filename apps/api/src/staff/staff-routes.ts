import { Hono } from 'hono';
import { pictureRoutes } from '../pictures/picture-routes';
import type { Services } from '../services';
import { contentRoutes } from './content-routes';
import { leadRoutes } from './lead-routes';
import { orderRoutes } from './order-routes';
import { staffPaymentRoutes } from './payment-routes';
import { signInRoutes } from './sign-in-routes';
import { staffSessions, type StaffEnv } from './staff-sessions';
import { teamRoutes, terminalRoutes } from './team-routes';

/**
 * The back office's API, /api/staff/*: every route checks the staff session and role on the server, but for
 * the steps of signing in. Always in our own forms, whatever API_DIALECT says: only our API has a back office.
 */
export function staffRoutes(services: Services): Hono<StaffEnv> {
  const sessions = staffSessions(services);
  return new Hono<StaffEnv>()
    .use('*', async (c, next) => {
      await next();
      // Nothing the back office reads may be kept by a browser or a proxy.
      c.header('Cache-Control', 'no-store');
    })
    .route('/', signInRoutes(services, sessions))
    .route('/', leadRoutes(services, sessions))
    .route('/', orderRoutes(services, sessions))
    .route('/', staffPaymentRoutes(services, sessions))
    .route('/', contentRoutes(services, sessions))
    .route('/', pictureRoutes(services, sessions))
    .route('/', teamRoutes(services, sessions))
    .route('/terminal', terminalRoutes(services));
}
