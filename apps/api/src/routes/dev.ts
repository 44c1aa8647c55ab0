import { Hono } from 'hono';
import type { Services } from '../services';

/** Development and e2e only (never mounted in production): read the mails the server "sent". */
export function devRoutes({ db }: Services): Hono {
  return new Hono().get('/outbox', async (c) => {
    const email = c.req.query('email')?.toLowerCase();
    const rows = await db.query<{ id: number; to_email: string; subject: string; body: string; created_at: Date }>(
      email
        ? 'SELECT * FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 50'
        : 'SELECT * FROM outbox ORDER BY id DESC LIMIT 50',
      email ? [email] : [],
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
