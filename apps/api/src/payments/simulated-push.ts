// A push the kit's Daraja simulator (daraja-simulator.ts) took, and how it ends: the outcome the phone number's last
// digit picks (docs/payments.md has the table), the receipt number of a payment, and the callback Daraja posts.
import { randomBytes } from 'node:crypto';
import { darajaTimestamp } from './daraja';

export interface SimulatedPush {
  checkoutRequestId: string;
  merchantRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  callbackUrl: string;
  outcome: Outcome;
  settled: boolean;
  receipt: string | null;
}

/** Safaricom's sandbox test number: the simulator's payments from it succeed, as in the sandbox. */
export const SANDBOX_TEST_PHONE = '254708374149';

interface Outcome {
  resultCode: number;
  resultDesc: string;
  /** Daraja sends no callback: only the query finds the result. */
  silent?: boolean;
}

const PAID: Outcome = { resultCode: 0, resultDesc: 'The service request is processed successfully.' };

/**
 * The outcome of a push, by the last digit of the phone number (docs/payments.md has the table): a customer's own
 * number pays unless it ends in 1 to 5.
 */
export const OUTCOME_BY_LAST_DIGIT: Record<string, Outcome> = {
  '1': { resultCode: 1032, resultDesc: 'Request cancelled by user' },
  '2': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction' },
  '3': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached' },
  '4': { resultCode: 2001, resultDesc: 'The initiator information is invalid.' },
  '5': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', silent: true },
};

export const outcomeFor = (phone: string): Outcome => OUTCOME_BY_LAST_DIGIT[phone.slice(-1)] ?? PAID;

/** M-Pesa's receipt numbers are ten capitals and digits (e.g. NLJ7RT61SV). */
const RECEIPT_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new receipt number, for a push that paid. */
export const newReceipt = () => Array.from(randomBytes(10), (byte) => RECEIPT_CHARACTERS[byte % RECEIPT_CHARACTERS.length]).join('');

/** The callback Safaricom posts for a settled push: its documented body; Daraja does not send it again. */
export async function sendCallback(push: SimulatedPush): Promise<void> {
  const { resultCode, resultDesc } = push.outcome;
  const metadata =
    resultCode === 0
      ? {
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: push.amount },
              { Name: 'MpesaReceiptNumber', Value: push.receipt },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
              { Name: 'PhoneNumber', Value: Number(push.phone) },
            ],
          },
        }
      : {};
  const stkCallback = {
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: resultCode,
    ResultDesc: resultDesc,
    ...metadata,
  };
  try {
    await fetch(push.callbackUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ Body: { stkCallback } }) });
  } catch {
    // Daraja does not retry a callback that did not arrive: the API's query finds the result.
  }
}
