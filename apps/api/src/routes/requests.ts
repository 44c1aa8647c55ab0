import { Hono } from 'hono';
import {
  bookingRequestSchema,
  courseCallRequestSchema,
  EVENT_ENDED_MESSAGE,
  enquiryRequestSchema,
  kenyanDate,
  type Booking,
  type CourseCallRequestRecord,
} from '@agri/api-client/contract';
import type { Db } from '../db/db';
import { answer, newId } from '../dialect';
import { HttpError, notFound } from '../http-error';
import { once } from '../idempotency';
import { bookingPaidAt, newToken, tokenHash } from '../payments/payments';
import type { Services } from '../services';
import { admitPublicWrite } from './public-write';

interface StoredLead {
  id: string;
  created_at: Date;
  /** False for a repeat: the lead stored before. */
  created: boolean;
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
    if (stored) return { ...stored, created: false };
    return { ...(await tx.query<StoredLead>(insert[0], insert[1]))[0]!, created: true };
  });
}

/** POST enquiry on the main base. The hosted API answers with a bare echo of what it stored. */
export function enquiryRoutes(services: Services): Hono {
  const {
    db,
    config: { dialect },
  } = services;
  return new Hono().post('/enquiry', once(services), async (c) => {
    const enquiry = await admitPublicWrite(c, services, 'enquiry', enquiryRequestSchema, (body) => body.email);
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
    config: { dialect },
  } = services;
  /**
   * A booking or a call request: who asked, and the event or course (the server's own record) it is about. A
   * booking's payment token is stored (as its hash) with it, in the one statement that makes it.
   */
  const storeRequestOnce = async (
    table: 'bookings' | 'course_requests',
    about: 'event' | 'course',
    contactDetails: Booking['contactDetails'],
    item: { id: string },
    paymentToken: string | null = null,
  ) => {
    const details = JSON.stringify(contactDetails);
    const [columns, values] = paymentToken === null ? ['', []] : [', payment_token_hash', [tokenHash(paymentToken)]];
    const stored = await storeLeadOnce(
      db,
      contactDetails.email,
      [`SELECT id, created_at FROM ${table} WHERE contact_details = $1::jsonb AND ${about} ->> 'id' = $2`, [details, item.id]],
      [
        `INSERT INTO ${table} (id, contact_details, ${about}${columns}) VALUES ($1, $2, $3${values.length ? ', $4' : ''}) RETURNING id, created_at`,
        [newId(dialect), details, JSON.stringify(item), ...values],
      ],
    );
    return { _id: stored.id, createdAt: new Date(stored.created_at).toISOString(), created: stored.created };
  };
  return new Hono()
    .post('/booking', once(services), async (c) => {
      const { contactDetails, event: sent } = await admitPublicWrite(c, services, 'booking', bookingRequestSchema, (body) => body.contactDetails.email);
      const [row] = await db.query<BookedEventRow>('SELECT id, title, start_date, end_date, price, venue, city FROM events WHERE id = $1 AND published', [
        sent.id,
      ]);
      if (!row) throw notFound('Event');
      if (row.end_date < kenyanDate(new Date())) throw new HttpError(409, EVENT_ENDED_MESSAGE);
      const event: Booking['event'] = {
        id: row.id,
        title: row.title,
        startDate: row.start_date,
        endDate: row.end_date,
        price: row.price,
        venue: row.venue ?? undefined,
        city: row.city ?? undefined,
      };
      // Where M-Pesa is taken, a paid event's booking is paid with the token its first answer alone carries (bookingPaidAt).
      const paymentToken = services.config.mpesa && event.price > 0 ? newToken() : null;
      const { _id, createdAt, created } = await storeRequestOnce('bookings', 'event', contactDetails, event, paymentToken);
      const paid = services.config.mpesa
        ? created
          ? { paymentToken: paymentToken ?? undefined, paidAt: null }
          : { paidAt: await bookingPaidAt(db, _id) }
        : {};
      return answer(c, dialect, { _id, contactDetails, event, createdAt, ...paid }, () => ({ contactDetails, event }));
    })
    .post('/course-request', once(services), async (c) => {
      const { contactDetails, course: sent } = await admitPublicWrite(c, services, 'callRequest', courseCallRequestSchema, (body) => body.contactDetails.email);
      const [course] = await db.query<CourseCallRequestRecord['course']>('SELECT id, title, price, duration FROM courses WHERE id = $1 AND published', [
        sent.id,
      ]);
      if (!course) throw notFound('Course');
      const { _id, createdAt } = await storeRequestOnce('course_requests', 'course', contactDetails, course);
      return answer(c, dialect, { _id, contactDetails, course, createdAt }, () => ({ contactDetails, course }));
    });
}
