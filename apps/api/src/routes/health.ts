import { Hono, type Context } from 'hono';
import type { Db } from '../db/db';
import { pendingMigrations } from '../db/migrations';
import { errorText, type Logger } from '../log';

/** Liveness: the process answers. It asks nothing of the database, so a database outage restarts no instance. */
export const alive = (c: Context) => c.json({ status: 'ok' });

/**
 * For a load balancer, under /api/: `health` (liveness) and `ready` (send traffic here): the database
 * answers and has every migration this code needs, else 503.
 */
export function healthRoutes(db: Db, log: Logger): Hono {
  return new Hono().get('/health', alive).get('/ready', async (c) => {
    let pending: string[];
    try {
      pending = await pendingMigrations(db);
    } catch (error) {
      log.warn('not ready: the database is unreachable', { error: errorText(error) });
      return c.json({ message: 'Not ready: the database is unreachable' }, 503);
    }
    if (pending.length > 0) return c.json({ message: `Not ready: migrations pending (${pending.join(', ')})` }, 503);
    return c.json({ status: 'ready' });
  });
}
