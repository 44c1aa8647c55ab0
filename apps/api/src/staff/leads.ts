import type { Lead, LeadDetail, LeadFilter, LeadKind, LeadStatus } from '@agri/api-client/staff-contract';
import { sqlConditions } from '../db/conditions';
import type { Queryable } from '../db/db';

/** A lead as the inbox lists it, with what it is about read from the row it came from. */
export interface LeadRow {
  id: string;
  kind: LeadKind;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  created_at: Date;
  about: string | null;
  contact_method: string | null;
  comment: string | null;
  event: LeadDetail['event'];
  course: LeadDetail['course'];
}

/** Every lead joined to its source: the booking's event and the call request's course as the server stored them. */
export const LEAD_SELECT = `
  SELECT l.id, l.kind, l.name, l.email, l.phone, l.status, l.created_at,
    CASE l.kind
      WHEN 'booking' THEN b.event ->> 'title'
      WHEN 'call-request' THEN r.course ->> 'title'
      WHEN 'enquiry' THEN left(e.comment, 80)
      ELSE 'Newsletter subscription'
    END AS about,
    coalesce(b.contact_details ->> 'contactMethod', r.contact_details ->> 'contactMethod') AS contact_method,
    e.comment,
    b.event,
    r.course
  FROM leads l
  LEFT JOIN bookings b ON l.kind = 'booking' AND b.id = l.source_id
  LEFT JOIN course_requests r ON l.kind = 'call-request' AND r.id = l.source_id
  LEFT JOIN enquiries e ON l.kind = 'enquiry' AND e.id = l.source_id`;

export const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  about: row.about ?? '',
});

/** The inbox's filters as SQL conditions; dates are Kenyan calendar days, both ends included. */
export function leadConditions(filter: LeadFilter): { where: string; params: unknown[] } {
  const sql = sqlConditions();
  if (filter.kind) sql.add(`l.kind = ${sql.param(filter.kind)}`);
  if (filter.status) sql.add(`l.status = ${sql.param(filter.status)}`);
  sql.kenyanDays('l.created_at', filter);
  if (filter.q) {
    // Searched as typed: a name, an email or a phone number (digits alone, so '0712 345' finds '+254712345…').
    const text = sql.param(`%${filter.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    const digits = filter.q.replace(/\D/g, '');
    const phone = digits.length >= 3 ? sql.param(`%${digits.replace(/^0/, '')}%`) : null;
    sql.add(`(l.name ILIKE ${text} OR l.email ILIKE ${text}${phone ? ` OR regexp_replace(l.phone, '\\D', '', 'g') LIKE ${phone}` : ''})`);
  }
  return { where: sql.where(), params: sql.params };
}

export async function findLeads(db: Queryable, filter: LeadFilter, limit: number): Promise<LeadRow[]> {
  const { where, params } = leadConditions(filter);
  return db.query<LeadRow>(`${LEAD_SELECT} ${where} ORDER BY l.created_at DESC, l.id LIMIT ${limit}`, params);
}
