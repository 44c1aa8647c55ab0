import * as z from 'zod/mini';
import { emailSchema, idSchema, phoneSchema, safeText } from './common';
import { cityOf, type Event, venueOf } from './events';
import { amountSchema, instantSchema, optionalTextSchema, serverIdSchema } from './reader';

/** Email or a chat service; may be left empty. */
export const contactMethodSchema = z.enum(['Email', 'WhatsApp', '']);

export const contactDetailsSchema = z.object({
  name: safeText('Name', 200, {}, z.minLength(1, 'Name is Required')),
  email: emailSchema,
  phone: phoneSchema,
  contactMethod: z._default(contactMethodSchema, ''),
});
export type ContactDetails = z.input<typeof contactDetailsSchema>;

/** The event as a booking records it: the server's own data, looked up by the id the client sent. */
export const bookedEventSchema = z.object({
  id: serverIdSchema,
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  price: amountSchema,
  /** Missing when the event has none yet. */
  venue: optionalTextSchema,
  city: optionalTextSchema,
});

/** The spec's client also sends what it shows of the event; the server ignores all but the id. */
/** The API's answer to a booking for an event whose last day is past in Kenya (409): nobody pays for a day that is gone. */
export const EVENT_ENDED_MESSAGE = 'This event has ended, so it takes no more bookings. Have a look at what is coming up.';

export const bookingRequestSchema = z.object({
  contactDetails: contactDetailsSchema,
  event: z.object({
    id: idSchema,
    title: z.optional(safeText('Event title', 300)),
    startDate: z.optional(safeText('Start date', 30)),
    endDate: z.optional(safeText('End date', 30)),
    price: z.optional(z.number().check(z.nonnegative())),
    venue: z.optional(safeText('Venue', 300)),
    city: z.optional(safeText('City', 100)),
  }),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** The booking of `event` the spec's client sends: the event as the page shows it, its place included. */
export const bookingRequestFor = (event: Event, contactDetails: ContactDetails): BookingRequest => ({
  contactDetails,
  event: {
    id: event._id,
    title: event.title,
    startDate: event.startDate,
    endDate: event.endDate,
    price: event.price,
    venue: venueOf(event),
    city: cityOf(event),
  },
});

/** What the reference API stores of a booking or a call request, besides what it is about. */
const storedRequestSchema = z.object({ _id: serverIdSchema, contactDetails: contactDetailsSchema, createdAt: instantSchema });

/** A stored booking as the reference API answers it; other servers may answer less (see `bookEvent`). */
export const bookingSchema = z.extend(storedRequestSchema, {
  event: bookedEventSchema,
  /**
   * A paid event's booking, where the API takes M-Pesa: the secret that pays it and follows its payment
   * (startBookingPaymentRequestSchema). Made anew with each answer; absent for a free event or without payments.
   */
  paymentToken: z.optional(z.string()),
  /** When it was paid; absent or null: not paid. */
  paidAt: z.catch(z.optional(z.nullable(instantSchema)), undefined),
});
export type Booking = z.output<typeof bookingSchema>;

/** The course as a call request records it: the server's own data, looked up by the id the client sent. */
export const requestedCourseSchema = z.object({
  id: serverIdSchema,
  title: z.string(),
  price: amountSchema,
  duration: z.string(),
});

/** As with bookings, the server ignores all but the course id. */
export const courseCallRequestSchema = z.object({
  contactDetails: contactDetailsSchema,
  course: z.object({
    id: idSchema,
    title: z.optional(safeText('Course title', 300)),
    price: z.optional(z.number().check(z.nonnegative())),
    duration: z.optional(safeText('Duration', 100)),
  }),
});
export type CourseCallRequest = z.input<typeof courseCallRequestSchema>;

export const courseCallRequestRecordSchema = z.extend(storedRequestSchema, { course: requestedCourseSchema });
export type CourseCallRequestRecord = z.output<typeof courseCallRequestRecordSchema>;
