import { z } from 'zod';
import { call, checkRequest } from './http';
import { emailSchema, idSchema, isoDateTimeSchema, phoneSchema, safeText } from './common';

/** Email or a chat service; may be left empty. */
export const contactMethodSchema = z.enum(['Email', 'WhatsApp', '']);
export type ContactMethod = z.infer<typeof contactMethodSchema>;

export const contactDetailsSchema = z.object({
  name: safeText('Name', 200).min(1, 'Name is Required'),
  email: emailSchema,
  phone: phoneSchema,
  contactMethod: contactMethodSchema.default(''),
});
export type ContactDetails = z.input<typeof contactDetailsSchema>;

/** The event as a booking records it: the server's own data, looked up by the id the client sent. */
export const bookedEventSchema = z.object({
  id: idSchema,
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  price: z.number().nonnegative(),
  /** Missing when the event has none yet. */
  venue: z.string().optional(),
  city: z.string().optional(),
});

/** The spec's client also sends what it shows of the event; the server ignores all but the id. */
export const bookingRequestSchema = z.object({
  contactDetails: contactDetailsSchema,
  event: z.object({
    id: idSchema,
    title: safeText('Event title', 300).optional(),
    startDate: safeText('Start date', 30).optional(),
    endDate: safeText('End date', 30).optional(),
    price: z.number().nonnegative().optional(),
    venue: safeText('Venue', 300).optional(),
    city: safeText('City', 100).optional(),
  }),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const bookingSchema = z.object({
  _id: idSchema,
  contactDetails: contactDetailsSchema,
  event: bookedEventSchema,
  createdAt: isoDateTimeSchema,
});
export type Booking = z.infer<typeof bookingSchema>;

/** The course as a call request records it: the server's own data, looked up by the id the client sent. */
export const requestedCourseSchema = z.object({
  id: idSchema,
  title: z.string(),
  price: z.number().nonnegative(),
  duration: z.string(),
});

/** As with bookings, the server ignores all but the course id. */
export const courseCallRequestSchema = z.object({
  contactDetails: contactDetailsSchema,
  course: z.object({
    id: idSchema,
    title: safeText('Course title', 300).optional(),
    price: z.number().nonnegative().optional(),
    duration: safeText('Duration', 100).optional(),
  }),
});
export type CourseCallRequest = z.input<typeof courseCallRequestSchema>;

export const courseCallRequestRecordSchema = z.object({
  _id: idSchema,
  contactDetails: contactDetailsSchema,
  course: requestedCourseSchema,
  createdAt: isoDateTimeSchema,
});
export type CourseCallRequestRecord = z.infer<typeof courseCallRequestRecordSchema>;

/** The catalogue: the server's message, else the error's own, else 'Something went wrong!'. */
const requestErrors = { fallback: 'Something went wrong!', useServerMessage: true };

/** POST booking/ (second API base): books an event; the answer is the stored booking. */
export const bookEvent = (request: BookingRequest): Promise<Booking> =>
  call({
    method: 'POST',
    path: 'booking/',
    base: 'requests',
    body: checkRequest(bookingRequestSchema, request, requestErrors),
    response: bookingSchema,
    errors: requestErrors,
  });

/** POST course-request/ (second API base): asks the team to call about a course. */
export const requestCourseCall = (request: CourseCallRequest): Promise<CourseCallRequestRecord> =>
  call({
    method: 'POST',
    path: 'course-request/',
    base: 'requests',
    body: checkRequest(courseCallRequestSchema, request, requestErrors),
    response: courseCallRequestRecordSchema,
    errors: requestErrors,
  });
