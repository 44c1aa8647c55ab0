import { Hono } from 'hono';
import type { Services } from '../services';

/**
 * The test harness's view of the stored browser reports, as rows (mounted with the outbox: NODE_ENV=test
 * and TEST_MAIL_OUTBOX=on only). `since` (an ISO time) keeps a test to its own reports.
 */
export function testReportRoutes({ db, reports }: Services): Hono {
  return new Hono().get('/reports', async (c) => {
    const since = c.req.query('since') ?? '1970-01-01T00:00:00Z';
    if (Number.isNaN(Date.parse(since))) return c.json({ message: 'since must be a time' }, 400);
    await reports.flush();
    const rows = await db.query('SELECT * FROM browser_reports WHERE received_at >= $1 ORDER BY id LIMIT 5000', [since]);
    return c.json({ reports: rows });
  });
}
