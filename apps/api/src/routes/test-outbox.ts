import { Hono } from 'hono';
import type { Services } from '../services';

/**
 * The test harness's hook for reading mailed codes and links (TEST_MAIL_OUTBOX=on, NODE_ENV=test only;
 * see config.ts). Mounted at /api/test/outbox; `email` is required, so it never lists everyone's mail.
 */
export function testOutboxRoutes({ db }: Services): Hono {
  return new Hono().get('/outbox', async (c) => {
    const email = c.req.query('email')?.toLowerCase();
    if (!email) return c.json({ message: 'email is required' }, 400);
    const rows = await db.query<{ id: number; to_email: string; subject: string; body: string; created_at: Date }>(
      'SELECT * FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 50',
      [email],
    );
    return c.json({
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        text: row.body,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    });
  });
}
