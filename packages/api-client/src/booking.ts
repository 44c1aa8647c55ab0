import { z } from 'zod';
import { call, checkRequest } from './http';
import { emailSchema, idSchema, isoDateTimeSchema, phoneSchema } from './common';

/** Email or a chat service; may be left empty. */
export const contactMethodSchema = z.enum(['Email', 'WhatsApp', '']);
export type ContactMethod = z.infer<typeof contactMethodSchema>;

export const contactDetailsSchema = z.object({
  name: z.string().trim().min(1, 'Name is Required').max(200),
  email: emailSchema,
  phone: phoneSchema,
  contactMethod: contactMethodSchema.default(''),
});
export type ContactDetails = z.input<typeof contactDetailsSchema>;

export const bookingRequestSchema = z.object({
  contactDetails: contactDetailsSchema,
  event: z.object({
    id: idSchema,
    title: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    price: z.number().nonnegative(),
    venue: z.string(),
    city: z.string(),
  }),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const bookingSchema = bookingRequestSchema.extend({ _id: idSchema, createdAt: isoDateTimeSchema });
export type Booking = z.infer<typeof bookingSchema>;

export const courseCallRequestSchema = z.object({
  contactDetails: contactDetailsSchema,
  course: z.object({
    id: idSchema,
    title: z.string(),
    price: z.number().nonnegative(),
    duration: z.string(),
  }),
});
export type CourseCallRequest = z.input<typeof courseCallRequestSchema>;

export const courseCallRequestRecordSchema = courseCallRequestSchema.extend({
  _id: idSchema,
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
