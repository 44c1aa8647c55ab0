// The callback Safaricom posts to CallBackURL once the customer has answered an STK push (or it timed out), read as
// Safaricom documents it (developer.safaricom.co.ke, "M-Pesa Express"), and what a result code (the callback's or
// the query's) tells the customer. The requests to Daraja (the token, the push, the query) are daraja.ts's.
import * as z from 'zod/mini';

const callbackItemSchema = z.object({ Name: z.string(), Value: z.optional(z.union([z.string(), z.number()])) });

/** The body Safaricom posts to CallBackURL once the customer has answered the push (or it timed out). */
export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string(),
      ResultCode: z.number(),
      ResultDesc: z.string(),
      // Only on success: Amount, MpesaReceiptNumber, Balance (no value), TransactionDate, PhoneNumber.
      CallbackMetadata: z.optional(z.object({ Item: z.array(callbackItemSchema) })),
    }),
  }),
});

export interface StkCallback {
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** On success: what was paid, Safaricom's receipt number, from which number, and when (Nairobi's YYYYMMDDHHmmss). */
  paid: { amount: number; receipt: string; phone: string; transactionDate: string } | null;
}

/** A callback's facts, or null when the body is not Daraja's documented shape (or a success lacks its receipt). */
export function readStkCallback(body: unknown): StkCallback | null {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const { CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata } = parsed.data.Body.stkCallback;
  const facts = { checkoutRequestId: CheckoutRequestID, resultCode: ResultCode, resultDesc: ResultDesc, paid: null };
  if (ResultCode !== 0) return facts;
  const item = (name: string) => CallbackMetadata?.Item.find((each) => each.Name === name)?.Value;
  const [amount, receipt, phone, transactionDate] = [item('Amount'), item('MpesaReceiptNumber'), item('PhoneNumber'), item('TransactionDate')];
  if (amount === undefined || typeof receipt !== 'string' || receipt === '' || phone === undefined) return null;
  return { ...facts, paid: { amount: Number(amount), receipt, phone: String(phone), transactionDate: String(transactionDate ?? '') } };
}

/** What the customer is told when Safaricom's result code is not a payment. */
export function paymentFailureWords(resultCode: number): string {
  switch (resultCode) {
    case 1032:
      return 'The payment was cancelled on your phone.';
    case 1:
      return 'Your M-Pesa balance is not enough for this payment.';
    case 1037:
      return 'Your phone could not be reached. Check that it is on and has signal, then try again.';
    case 2001:
      return 'The M-Pesa PIN entered was wrong.';
    default:
      return 'The payment did not go through.';
  }
}
