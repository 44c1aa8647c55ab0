// Safaricom's Daraja API for Lipa na M-Pesa Online (the STK push: the customer's phone asks for their M-Pesa PIN),
// as Safaricom documents it (developer.safaricom.co.ke, "M-Pesa Express"): an OAuth token, the push and the query of
// its result (the callback Safaricom posts once the customer has answered is read in daraja-callback.ts). One client
// for the real Daraja (sandbox, then production) and for the kit's simulator (daraja-simulator.ts), which speaks the
// same HTTP.
import * as z from 'zod/mini';
import { kenyanClock } from '@agri/api-client/contract';

export interface DarajaSettings {
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or the simulator's address. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill number: BusinessShortCode and PartyB. */
  shortCode: string;
  passkey: string;
}

/** Daraja refused a request, or answered what it does not document. */
export class DarajaError extends Error {
  constructor(
    message: string,
    /** Daraja's errorCode (e.g. '400.002.02'), when it sent one. */
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

/** M-Pesa's largest single payment, in shillings. */
export const MAX_MPESA_AMOUNT = 250_000;
/** Daraja's limits on the texts the customer's phone shows. */
export const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;

/** A number Daraja takes: 2547XXXXXXXX or 2541XXXXXXXX (toMpesaPhone makes it from what a customer types). */
export const DARAJA_PHONE = /^254[17]\d{8}$/;

/** Daraja's timestamps are Nairobi's wall clock (East Africa Time, UTC+3 all year), as YYYYMMDDHHmmss. */
export function darajaTimestamp(at: Date): string {
  return kenyanClock(at).replace(/\D/g, '').slice(0, 14);
}

/** The push's and the query's Password: base64 of the short code, the passkey and the request's timestamp. */
export const darajaPassword = ({ shortCode, passkey }: Pick<DarajaSettings, 'shortCode' | 'passkey'>, timestamp: string) =>
  Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64');

export interface StkPush {
  /** Whole shillings: the server's price of what is paid. */
  amount: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  /** Where Safaricom posts the result: a URL that carries the payment's own unguessable token. */
  callbackUrl: string;
  /** The order's or booking's short reference, shown on the customer's phone (≤ 12 characters). */
  accountReference: string;
  /** ≤ 13 characters. */
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  /** How the callback and the query name this push. */
  checkoutRequestId: string;
}

export type StkQueryResult = { state: 'pending' } | { state: 'settled'; resultCode: number; resultDesc: string };

/** What the push must be before it is sent: Daraja refuses the rest, after a round trip the customer waits for. */
export function pushProblem({ amount, phone, accountReference, description }: StkPush): string | null {
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_MPESA_AMOUNT) return `the amount must be whole shillings from 1 to ${MAX_MPESA_AMOUNT}`;
  if (!DARAJA_PHONE.test(phone)) return 'the phone number must be 2547XXXXXXXX or 2541XXXXXXXX';
  if (accountReference.length < 1 || accountReference.length > ACCOUNT_REFERENCE_MAX)
    return `the account reference must be 1 to ${ACCOUNT_REFERENCE_MAX} characters`;
  if (description.length < 1 || description.length > TRANSACTION_DESC_MAX) return `the description must be 1 to ${TRANSACTION_DESC_MAX} characters`;
  return null;
}

const tokenSchema = z.object({ access_token: z.string().check(z.minLength(1)), expires_in: z.union([z.string(), z.number()]) });
const pushAcceptedSchema = z.object({ MerchantRequestID: z.string(), CheckoutRequestID: z.string(), ResponseCode: z.string() });
const queryAnswerSchema = z.object({ ResponseCode: z.string(), ResultCode: z.union([z.string(), z.number()]), ResultDesc: z.string() });
const failureSchema = z.object({ errorCode: z.string(), errorMessage: z.string() });

/** Daraja's answer to a query about a push the customer has not answered yet. */
export const STILL_PROCESSING = '500.001.1001';
/** Daraja's answer to an expired or unknown access token: a new one is asked for, once. */
export const INVALID_TOKEN = '404.001.03';

export interface DarajaClientOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long one request to Daraja may take. */
  timeoutMs?: number;
}

export interface DarajaClient {
  stkPush(push: StkPush): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
}

export function createDarajaClient(
  settings: DarajaSettings,
  { fetch: send = fetch, now = () => new Date(), timeoutMs = 30_000 }: DarajaClientOptions = {},
): DarajaClient {
  const token = tokenCache(settings, send, now, timeoutMs);
  const post = async (path: string, payload: Record<string, unknown>) => {
    const once = async () =>
      await answerOf(
        await send(new URL(path, settings.baseUrl), {
          method: 'POST',
          headers: { Authorization: `Bearer ${await token.get()}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
    const first = await once();
    if (first.status !== 401 && failureSchema.safeParse(first.body).data?.errorCode !== INVALID_TOKEN) return first;
    token.forget();
    return once();
  };
  const signed = () => {
    const timestamp = darajaTimestamp(now());
    return { BusinessShortCode: settings.shortCode, Password: darajaPassword(settings, timestamp), Timestamp: timestamp };
  };
  return {
    async stkPush(push) {
      const problem = pushProblem(push);
      if (problem) throw new DarajaError(`Not sent to Daraja: ${problem}.`, null, 0);
      const { status, body } = await post('/mpesa/stkpush/v1/processrequest', {
        ...signed(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: push.amount,
        PartyA: push.phone,
        PartyB: settings.shortCode,
        PhoneNumber: push.phone,
        CallBackURL: push.callbackUrl,
        AccountReference: push.accountReference,
        TransactionDesc: push.description,
      });
      const accepted = pushAcceptedSchema.safeParse(body);
      if (status !== 200 || !accepted.success || accepted.data.ResponseCode !== '0') throw refusal(status, body, 'Daraja did not take the payment request');
      return { merchantRequestId: accepted.data.MerchantRequestID, checkoutRequestId: accepted.data.CheckoutRequestID };
    },
    async stkQuery(checkoutRequestId) {
      const { status, body } = await post('/mpesa/stkpushquery/v1/query', { ...signed(), CheckoutRequestID: checkoutRequestId });
      const answer = queryAnswerSchema.safeParse(body);
      if (status === 200 && answer.success && answer.data.ResponseCode === '0') {
        return { state: 'settled', resultCode: Number(answer.data.ResultCode), resultDesc: answer.data.ResultDesc };
      }
      if (failureSchema.safeParse(body).data?.errorCode === STILL_PROCESSING) return { state: 'pending' };
      throw refusal(status, body, 'Daraja could not say how the payment went');
    },
  };
}

/** The OAuth token, reused until a minute before it expires (Daraja's last an hour); one request for it at a time. */
function tokenCache(settings: DarajaSettings, send: typeof fetch, now: () => Date, timeoutMs: number) {
  let held: { value: string; until: number } | null = null;
  let asking: Promise<string> | null = null;
  const ask = async () => {
    const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64');
    const { status, body } = await answerOf(
      await send(new URL('/oauth/v1/generate?grant_type=client_credentials', settings.baseUrl), {
        headers: { Authorization: `Basic ${basic}` },
        signal: AbortSignal.timeout(timeoutMs),
      }),
    );
    const granted = tokenSchema.safeParse(body);
    if (status !== 200 || !granted.success) throw refusal(status, body, 'Daraja did not grant an access token');
    held = { value: granted.data.access_token, until: now().getTime() + (Number(granted.data.expires_in) - 60) * 1000 };
    return held.value;
  };
  return {
    get: (): Promise<string> => {
      if (held && now().getTime() < held.until) return Promise.resolve(held.value);
      asking ??= ask().finally(() => (asking = null));
      return asking;
    },
    forget: () => (held = null),
  };
}

/** A response's status and JSON body (null when it is not JSON: Daraja's gateway answers some errors in HTML). */
async function answerOf(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: null };
  }
}

/** A DarajaError with Daraja's own code and message when it sent them. */
function refusal(status: number, body: unknown, what: string): DarajaError {
  const failure = failureSchema.safeParse(body);
  return failure.success
    ? new DarajaError(`${what}: ${failure.data.errorMessage} (${failure.data.errorCode}).`, failure.data.errorCode, status)
    : new DarajaError(`${what}: HTTP ${status}.`, null, status);
}
