// Paying an order or an event booking by M-Pesa (issue 37).
import {
  BOOKING_TOKEN_HEADER,
  paymentSchema,
  startBookingPaymentRequestSchema,
  startPaymentRequestSchema,
  type Payment,
  type StartBookingPaymentRequest,
  type StartPaymentRequest,
} from './contract/payments';
import { call, checkRequest, segment } from './http';

export {
  MPESA_PHONE_MESSAGE,
  mpesaPhoneSchema,
  type Payment,
  type PaymentState,
  type StartBookingPaymentRequest,
  type StartPaymentRequest,
} from './contract/payments';

// The API's own words (already paid, a request waiting on a phone, M-Pesa unavailable) are the customer's to act on.
const errors = { fallback: 'The payment could not be started. Please try again.', useServerMessage: true };

/**
 * POST payments: asks the customer's phone for their M-Pesa PIN to pay their order (the amount is the server's).
 * Sent once per press (Idempotency-Key): a retry after a dropped answer never prompts the phone twice.
 */
export async function startPayment(request: StartPaymentRequest): Promise<Payment> {
  const body = checkRequest(startPaymentRequestSchema, request, errors);
  return call({ method: 'POST', path: 'payments', auth: 'required', body, once: true, response: paymentSchema, errors });
}

/**
 * POST payments/booking: asks the visitor's phone to pay their booking of a paid event, with the payment token the
 * booking's answer carried (a visitor books without an account). Sent once per press, as startPayment.
 */
export async function startBookingPayment(request: StartBookingPaymentRequest): Promise<Payment> {
  const body = checkRequest(startBookingPaymentRequestSchema, request, errors);
  return call({ method: 'POST', path: 'payments/booking', auth: 'none', body, once: true, response: paymentSchema, errors });
}

/** GET payments/{id}: how the payment stands now; a booking's is followed with the booking's payment token. */
export const getPayment = (id: string, bookingToken?: string): Promise<Payment> =>
  call({
    method: 'GET',
    path: `payments/${segment(id)}`,
    ...(bookingToken === undefined ? { auth: 'required' } : { auth: 'none', headers: { [BOOKING_TOKEN_HEADER]: bookingToken } }),
    response: paymentSchema,
    errors: { fallback: 'The payment’s state could not be read. Please check your connection.' },
  });
