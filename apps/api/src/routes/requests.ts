import { Hono } from 'hono';
import { bookingRequestSchema, courseCallRequestSchema, enquiryRequestSchema, type Booking, type CourseCallRequestRecord } from '@agri/api-client/contract';
import type { Db } from '../db/db';
import { answer, newId } from '../dialect';
import { readBody, sourceOf } from '../http';
import { notFound } from '../http-error';
import { once } from '../idempotency';
import { issueBookingPaymentToken } from '../payments/payments';
import type { Services } from '../services';

interface StoredLead {
  id: string;
  created_at: Date;
}

/**
 * Stores a lead once: the same lead sent again word for word within ten minutes is the one already stored.
 * A phone whose connection dropped before the answer came back sends what it kept again (the API client's
 * outbox), and a visitor may press Send twice; staff get one lead. `find` looks for it among the recent
 * leads of the same address, under a lock per address, so two copies arriving together are still one.
 */
async function storeLeadOnce(db: Db, email: string, find: [string, unknown[]], insert: [string, unknown[]]): Promise<StoredLead> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lead:${email.toLowerCase()}`]);
    const [stored] = await tx.query<StoredLead>(`${find[0]} AND created_at > now() - interval '10 minutes' ORDER BY created_at DESC LIMIT 1`, find[1]);
    return stored ?? (await tx.query<StoredLead>(insert[0], insert[1]))[0]!;
  });
}

/** POST enquiry on the main base. The hosted API answers with a bare echo of what it stored. */
export function enquiryRoutes(services: Services): Hono {
  const {
    db,
    limits,
    config: { dialect },
  } = services;
  return new Hono().post('/enquiry', once(services), async (c) => {
    const enquiry = await readBody(c, enquiryRequestSchema);
    await limits.writes.enquiry.enforce(sourceOf(c, services), enquiry.email);
    const fields = [enquiry.name, enquiry.email, enquiry.mobile, enquiry.comment];
    const row = await storeLeadOnce(
      db,
      enquiry.email,
      ['SELECT id, created_at FROM enquiries WHERE name = $1 AND email = $2 AND mobile = $3 AND comment = $4', fields],
      ['INSERT INTO enquiries (id, name, email, mobile, comment) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at', [newId(dialect), ...fields]],
    );
    return answer(c, dialect, { ...enquiry, _id: row.id, createdAt: new Date(row.created_at).toISOString() }, () => enquiry);
  });
}

interface BookedEventRow {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
  price: number;
  venue: string | null;
  city: string | null;
}

/**
 * The second base: event bookings and course call requests. The server owns the business data: it stores
 * the event or course it looks up by the id sent, never the title, dates or price the client sent.
 * The hosted API answers both with a bare echo, without id or date.
 */
export function requestRoutes(services: Services): Hono {
  const {
    db,
    limits,
    config: { dialect },
  } = services;
  /** A booking or a call request: who asked, and the event or course (the server's own record) it is about. */
  const storeRequestOnce = async (
    table: 'bookings' | 'course_requests',
    about: 'event' | 'course',
    contactDetails: Booking['contactDetails'],
    item: { id: string },
  ) => {
    const details = JSON.stringify(contactDetails);
    const stored = await storeLeadOnce(
      db,
      contactDetails.email,
      [`SELECT id, created_at FROM ${table} WHERE contact_details = $1::jsonb AND ${about} ->> 'id' = $2`, [details, item.id]],
      [`INSERT INTO ${table} (id, contact_details, ${about}) VALUES ($1, $2, $3) RETURNING id, created_at`, [newId(dialect), details, JSON.stringify(item)]],
    );
    return { _id: stored.id, createdAt: new Date(stored.created_at).toISOString() };
  };
  return new Hono()
    .post('/booking', once(services), async (c) => {
      const { contactDetails, event: sent } = await readBody(c, bookingRequestSchema);
      await limits.writes.booking.enforce(sourceOf(c, services), contactDetails.email);
      const [row] = await db.query<BookedEventRow>('SELECT id, title, start_date, end_date, price, venue, city FROM events WHERE id = $1 AND published', [
        sent.id,
      ]);
      if (!row) throw notFound('Event');
      const event: Booking['event'] = {
        id: row.id,
        title: row.title,
        startDate: row.start_date,
        endDate: row.end_date,
        price: row.price,
        venue: row.venue ?? undefined,
        city: row.city ?? undefined,
      };
      const { _id, createdAt } = await storeRequestOnce('bookings', 'event', contactDetails, event);
      // Where M-Pesa is taken, the answer carries what pays a paid event's booking (payments/payment-routes.ts).
      const payment = services.config.mpesa ? await issueBookingPaymentToken(db, _id) : null;
      const paid = payment ? { paymentToken: payment.token ?? undefined, paidAt: payment.paidAt === null ? null : new Date(payment.paidAt).toISOString() } : {};
      return answer(c, dialect, { _id, contactDetails, event, createdAt, ...paid }, () => ({ contactDetails, event }));
    })
    .post('/course-request', once(services), async (c) => {
      const { contactDetails, course: sent } = await readBody(c, courseCallRequestSchema);
      await limits.writes.callRequest.enforce(sourceOf(c, services), contactDetails.email);
      const [course] = await db.query<CourseCallRequestRecord['course']>('SELECT id, title, price, duration FROM courses WHERE id = $1 AND published', [
        sent.id,
      ]);
      if (!course) throw notFound('Course');
      const { _id, createdAt } = await storeRequestOnce('course_requests', 'course', contactDetails, course);
      return answer(c, dialect, { _id, contactDetails, course, createdAt }, () => ({ contactDetails, course }));
    });
}
