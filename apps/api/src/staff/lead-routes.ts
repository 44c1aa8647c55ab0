import { Hono, type Context } from 'hono';
import { formatPhone } from '@agri/api-client/contract';
import {
  LEAD_KIND_LABELS,
  LEAD_STATUSES,
  leadFilterSchema,
  leadNoteRequestSchema,
  leadStatusRequestSchema,
  type LeadDetail,
} from '@agri/api-client/staff-contract';
import { check, readBody } from '../http';
import { HttpError } from '../http-error';
import { claimKey, once } from '../idempotency';
import { pathId } from '../request-guards';
import type { Queryable } from '../db/db';
import type { Services } from '../services';
import { audit } from './audit';
import { toCsv } from './csv';
import { findLeads, LEAD_SELECT, toLead, type LeadRow } from './leads';
import type { StaffEnv, StaffSessions } from './staff-sessions';

/** The inbox shows the newest 500 that match; the export holds every match up to this. */
const INBOX_PAGE = 500;
const EXPORT_LIMIT = 20_000;

/** A lead with its notes and the history of its status. */
async function leadDetail(db: Queryable, id: string): Promise<LeadDetail> {
  const [row] = await db.query<LeadRow>(`${LEAD_SELECT} WHERE l.id = $1`, [id]);
  if (!row) throw new HttpError(404, 'Lead not found');
  const notes = await db.query<{ id: string; text: string; email: string; created_at: Date }>(
    `SELECT n.id::text, n.text, s.email, n.created_at FROM lead_notes n JOIN staff s ON s.id = n.staff_id
     WHERE n.lead_id = $1 ORDER BY n.id`,
    [id],
  );
  const changes = await db.query<{ at: Date; staff_email: string | null; before: { status: string }; after: { status: string } }>(
    "SELECT at, staff_email, before, after FROM audit_log WHERE subject = $1 AND action = 'lead status changed' ORDER BY id",
    [`lead:${id}`],
  );
  return {
    ...toLead(row),
    contactMethod: row.contact_method ?? '',
    comment: row.comment,
    event: row.event,
    course: row.course,
    notes: notes.map((note) => ({ id: note.id, text: note.text, staffEmail: note.email, createdAt: new Date(note.created_at).toISOString() })),
    changes: changes.map((change) => ({
      at: new Date(change.at).toISOString(),
      staffEmail: change.staff_email,
      from: change.before.status,
      to: change.after.status,
    })),
  };
}

/** The inbox: every enquiry, booking, call request and newsletter subscription, newest first. */
export function leadRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db } = services;
  const staff = sessions.require();
  const filterOf = async (c: Context) => check(leadFilterSchema, Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== '')));

  return new Hono<StaffEnv>()
    .get('/leads', staff, async (c) => c.json((await findLeads(db, await filterOf(c), INBOX_PAGE)).map(toLead)))
    .get('/leads/export', staff, async (c) => {
      const rows = await findLeads(db, await filterOf(c), EXPORT_LIMIT);
      const csv = toCsv([
        ['Received', 'Kind', 'Status', 'Name', 'Email', 'Phone', 'Contact method', 'About', 'Price (KES)', 'Comment'],
        ...rows.map((row) => [
          new Date(row.created_at).toISOString(),
          LEAD_KIND_LABELS[row.kind],
          row.status,
          row.name,
          row.email,
          formatPhone(row.phone),
          row.contact_method ?? '',
          row.about ?? '',
          row.event?.price ?? row.course?.price ?? '',
          row.comment ?? '',
        ]),
      ]);
      c.header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .get('/leads/:id', staff, async (c) => c.json(await leadDetail(db, pathId(c, 'Lead'))))
    .put('/leads/:id/status', staff, async (c) => {
      const id = pathId(c, 'Lead');
      const { status } = await readBody(c, leadStatusRequestSchema);
      await db.transaction(async (tx) => {
        const [lead] = await tx.query<{ status: string }>('SELECT status FROM leads WHERE id = $1 FOR UPDATE', [id]);
        if (!lead) throw new HttpError(404, 'Lead not found');
        if (lead.status === status) return;
        // new → contacted → closed: a lead moves forward only.
        if (LEAD_STATUSES.indexOf(status) < LEAD_STATUSES.indexOf(lead.status as (typeof LEAD_STATUSES)[number])) {
          throw new HttpError(409, `A ${lead.status} lead cannot go back to ${status}`);
        }
        await tx.query('UPDATE leads SET status = $2 WHERE id = $1', [id, status]);
        await audit(tx, c.get('staff'), 'lead status changed', `lead:${id}`, { before: { status: lead.status }, after: { status } });
      });
      return c.json(await leadDetail(db, id));
    })
    .post('/leads/:id/notes', staff, once(services), async (c) => {
      const id = pathId(c, 'Lead');
      const { text } = await readBody(c, leadNoteRequestSchema);
      await claimKey(c);
      const staffMember = c.get('staff');
      await db.transaction(async (tx) => {
        const [lead] = await tx.query('SELECT 1 FROM leads WHERE id = $1', [id]);
        if (!lead) throw new HttpError(404, 'Lead not found');
        await tx.query('INSERT INTO lead_notes (lead_id, staff_id, text) VALUES ($1, $2, $3)', [id, staffMember.id, text]);
        await audit(tx, staffMember, 'lead note added', `lead:${id}`, { after: { text } });
      });
      return c.json(await leadDetail(db, id));
    });
}
