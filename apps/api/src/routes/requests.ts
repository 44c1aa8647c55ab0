import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bookingRequestSchema, courseCallRequestSchema, enquiryRequestSchema } from '@agri/api-client';
import { notFound, readBody } from '../http';
import type { Services } from '../services';

/** POST enquiry on the main base. */
export function enquiryRoutes({ db }: Services): Hono {
  return new Hono().post('/enquiry', async (c) => {
    const enquiry = await readBody(c, enquiryRequestSchema);
    const [row] = await db.query<{ id: string; created_at: Date }>(
      'INSERT INTO enquiries (id, name, email, mobile, comment) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at',
      [randomUUID(), enquiry.name, enquiry.email, enquiry.mobile, enquiry.comment],
    );
    return c.json({ ...enquiry, _id: row!.id, createdAt: new Date(row!.created_at).toISOString() });
  });
}

/** The second base: event bookings and course call requests. */
export function requestRoutes({ db }: Services): Hono {
  return new Hono()
    .post('/booking', async (c) => {
      const booking = await readBody(c, bookingRequestSchema);
      const event = await db.query('SELECT 1 FROM events WHERE id = $1', [booking.event.id]);
      if (event.length === 0) throw notFound('Event');
      const [row] = await db.query<{ id: string; created_at: Date }>(
        'INSERT INTO bookings (id, contact_details, event) VALUES ($1, $2, $3) RETURNING id, created_at',
        [randomUUID(), JSON.stringify(booking.contactDetails), JSON.stringify(booking.event)],
      );
      return c.json({ ...booking, _id: row!.id, createdAt: new Date(row!.created_at).toISOString() });
    })
    .post('/course-request', async (c) => {
      const request = await readBody(c, courseCallRequestSchema);
      const course = await db.query('SELECT 1 FROM courses WHERE id = $1', [request.course.id]);
      if (course.length === 0) throw notFound('Course');
      const [row] = await db.query<{ id: string; created_at: Date }>(
        'INSERT INTO course_requests (id, contact_details, course) VALUES ($1, $2, $3) RETURNING id, created_at',
        [randomUUID(), JSON.stringify(request.contactDetails), JSON.stringify(request.course)],
      );
      return c.json({ ...request, _id: row!.id, createdAt: new Date(row!.created_at).toISOString() });
    });
}
