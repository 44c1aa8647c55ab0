import * as z from 'zod/mini';
import { idSchema, kenyanPhoneSchema } from './common';

/* M-Pesa payments (issue 37): what My Orders, the booking's confirmation and the API agree on. */

export const MPESA_PHONE_MESSAGE = 'Enter a Safaricom number, such as 0712 345 678';

/**
 * A Safaricom number as a customer types it, in the form Daraja takes (2547XXXXXXXX or 2541XXXXXXXX): the one phone
 * rule, toKenyanPhone, with M-Pesa's words for anything else.
 */
export const mpesaPhoneSchema = kenyanPhoneSchema(MPESA_PHONE_MESSAGE, MPESA_PHONE_MESSAGE);

/** A phone number as staff see it on a payment: every digit but the last three hidden. */
export const maskedPhone = (phone: string) => `${'•'.repeat(Math.max(phone.length - 3, 0))}${phone.slice(-3)}`;

/** 'refunded': money given back, recorded by an admin as an entry of its own against the payment it refunds. */
export const PAYMENT_STATES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_METHODS = ['mpesa', 'cash', 'bank'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** POST payments: ask the customer's phone to pay one of their orders; the amount is the server's. */
export const startPaymentRequestSchema = z.object({
  orderId: idSchema,
  phone: mpesaPhoneSchema,
});
export type StartPaymentRequest = z.input<typeof startPaymentRequestSchema>;

/**
 * POST payments/booking: pay a booking of a paid event. A visitor books without an account: the booking's answer
 * carried its payment token, which stands for the session here and when following the payment.
 */
export const startBookingPaymentRequestSchema = z.object({
  bookingId: idSchema,
  /** base64url, as the booking's answer carried it. */
  bookingToken: z.string().check(z.regex(/^[\w-]{1,100}$/, 'Invalid payment token')),
  phone: mpesaPhoneSchema,
});
export type StartBookingPaymentRequest = z.input<typeof startBookingPaymentRequestSchema>;

/** The header that follows a booking's payment with the booking's payment token (GET payments/{id}). */
export const BOOKING_TOKEN_HEADER = 'X-Booking-Token';

/** A payment as its customer sees it (POST payments, GET payments/{id}). */
export const paymentSchema = z.object({
  _id: z.string(),
  /** What it pays: an order, or an event booking. */
  orderId: z.nullable(z.string()),
  bookingId: z.nullable(z.string()),
  state: z.enum(PAYMENT_STATES),
  /** Whole shillings. */
  amount: z.number(),
  phone: z.nullable(z.string()),
  /** Safaricom's receipt number, once paid (a payment the query confirmed gets it with the late callback). */
  receipt: z.nullable(z.string()),
  /** Why it did not go through, in the customer's words; null otherwise. */
  message: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Payment = z.output<typeof paymentSchema>;
