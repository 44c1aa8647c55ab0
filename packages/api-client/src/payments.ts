// Paying an order by M-Pesa (issue 37).
import { paymentSchema, startPaymentRequestSchema, type Payment, type StartPaymentRequest } from './contract/payments';
import { call, checkRequest, segment } from './http';

export { MPESA_PHONE_MESSAGE, mpesaPhoneSchema, toMpesaPhone, type Payment, type PaymentState, type StartPaymentRequest } from './contract/payments';

// The API's own words (an order already paid, a request waiting on a phone, M-Pesa unavailable) are the customer's to act on.
const errors = { fallback: 'The payment could not be started. Please try again.', useServerMessage: true };

/**
 * POST payments: asks the customer's phone for their M-Pesa PIN to pay their order (the amount is the server's).
 * Sent once per press (Idempotency-Key): a retry after a dropped answer never prompts the phone twice.
 */
export async function startPayment(request: StartPaymentRequest): Promise<Payment> {
  const body = await checkRequest(startPaymentRequestSchema, request, errors);
  return call({ method: 'POST', path: 'payments', auth: 'required', body, once: true, response: paymentSchema, errors });
}

/** GET payments/{id}: how the payment stands now. */
export const getPayment = (id: string): Promise<Payment> =>
  call({
    method: 'GET',
    path: `payments/${segment(id)}`,
    auth: 'required',
    response: paymentSchema,
    errors: { fallback: 'The payment’s state could not be read. Please check your connection.' },
  });
