// The kit's Daraja (issue 37): it speaks Safaricom's HTTP for the STK push (the OAuth token, the push, the query
// and, a few seconds later, the callback to the API), so that `npm start` and the tests take M-Pesa payments with no
// Safaricom account. It checks each request as Daraja does and answers in Daraja's forms; how a push ends is
// simulated-push.ts's. A tool of the kit, never part of a production run: there, DARAJA's settings name Safaricom
// (docs/payments.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_REFERENCE_MAX,
  DARAJA_PHONE,
  darajaPassword,
  darajaTimestamp,
  INVALID_TOKEN,
  STILL_PROCESSING,
  TRANSACTION_DESC_MAX,
  type DarajaSettings,
} from './daraja';
import { newReceipt, outcomeFor, sendCallback, type SimulatedPush } from './simulated-push';

export interface DarajaSimulator {
  /** Its base URL: the API's MPESA_BASE_URL. */
  url: string;
  /** Every push taken, in order. */
  pushes: SimulatedPush[];
  /** How many access tokens it granted. */
  tokensGranted(): number;
  /** The customer answers this push's prompt now, without waiting for answerAfterMs. */
  answerNow(checkoutRequestId: string): void;
  close(): Promise<void>;
}

export interface DarajaSimulatorOptions extends Omit<DarajaSettings, 'baseUrl'> {
  /** How long the customer takes to answer the prompt: the result is settled, and the callback sent, after it. */
  answerAfterMs?: number;
  /** How long a granted token lasts, in seconds (Daraja: 3599). */
  tokenSeconds?: number;
  port?: number;
}

type Answer = { status: number; body: Record<string, unknown> };

const refused = (status: number, errorCode: string, errorMessage: string): Answer => ({
  status,
  body: { requestId: randomUUID(), errorCode, errorMessage },
});

/** Daraja's side of the STK push, without its HTTP: the tokens it granted, the pushes it took and their answers. */
class SimulatedDaraja {
  readonly pushes: SimulatedPush[] = [];
  granted = 0;
  private readonly tokens = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly settings: Omit<DarajaSettings, 'baseUrl'>,
    private readonly answerAfterMs: number,
    private readonly tokenSeconds: number,
  ) {}

  grant(authorization: string | undefined): Answer {
    const { consumerKey, consumerSecret } = this.settings;
    if (authorization !== `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`)
      return refused(400, '400.008.02', 'Invalid grant type passed');
    const token = randomBytes(18).toString('base64url');
    this.tokens.set(token, Date.now() + this.tokenSeconds * 1000);
    this.granted += 1;
    return { status: 200, body: { access_token: token, expires_in: String(this.tokenSeconds) } };
  }

  authorised(authorization: string | undefined): boolean {
    const until = this.tokens.get(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
    return until !== undefined && Date.now() < until;
  }

  take(body: Record<string, unknown>): Answer {
    const problem = pushProblemAsDaraja(body, this.settings);
    if (problem) return refused(400, '400.002.02', `Bad Request - Invalid ${problem}`);
    const push: SimulatedPush = {
      checkoutRequestId: `ws_CO_${darajaTimestamp(new Date())}${randomBytes(6).toString('hex')}`,
      merchantRequestId: `${randomBytes(3).toString('hex')}-${randomBytes(4).toString('hex')}-1`,
      amount: Number(body.Amount),
      phone: String(body.PhoneNumber),
      accountReference: String(body.AccountReference),
      callbackUrl: String(body.CallBackURL),
      outcome: outcomeFor(String(body.PhoneNumber)),
      settled: false,
      receipt: null,
    };
    this.pushes.push(push);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.settle(push);
    }, this.answerAfterMs);
    this.timers.add(timer);
    const accepted = 'Success. Request accepted for processing';
    return {
      status: 200,
      body: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: accepted,
        CustomerMessage: accepted,
      },
    };
  }

  query(body: Record<string, unknown>): Answer {
    if (!signedAsDaraja(body, this.settings)) return refused(400, '400.002.02', 'Bad Request - Invalid Password');
    const push = this.pushes.find((each) => each.checkoutRequestId === body.CheckoutRequestID);
    if (!push) return refused(400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    if (!push.settled) return refused(500, STILL_PROCESSING, 'The transaction is being processed');
    return {
      status: 200,
      body: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.outcome.resultCode),
        ResultDesc: push.outcome.resultDesc,
      },
    };
  }

  answerNow(checkoutRequestId: string): void {
    const push = this.pushes.find((each) => each.checkoutRequestId === checkoutRequestId);
    if (push) this.settle(push);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** The customer answered (or the prompt timed out): the result is kept for the query, and the callback sent. */
  private settle(push: SimulatedPush): void {
    if (push.settled) return;
    push.settled = true;
    if (push.outcome.resultCode === 0) push.receipt = newReceipt();
    if (!push.outcome.silent) void sendCallback(push);
  }
}

const PUSH_PATH = '/mpesa/stkpush/v1/processrequest';
const QUERY_PATH = '/mpesa/stkpushquery/v1/query';

/** Daraja's routes: the token by GET, the push and the query by POST with a token it granted. */
async function answer(daraja: SimulatedDaraja, request: IncomingMessage): Promise<Answer> {
  const path = new URL(request.url ?? '/', 'http://simulator').pathname;
  if (request.method === 'GET' && path === '/oauth/v1/generate') return daraja.grant(request.headers.authorization);
  if (request.method !== 'POST' || (path !== PUSH_PATH && path !== QUERY_PATH)) return refused(404, '404.001.01', 'Resource not found');
  if (!daraja.authorised(request.headers.authorization)) return refused(404, INVALID_TOKEN, 'Invalid Access Token');
  const body = await jsonBody(request);
  if (!body) return refused(400, '400.002.05', 'Invalid Request Payload');
  return path === PUSH_PATH ? daraja.take(body) : daraja.query(body);
}

export async function startDarajaSimulator({
  answerAfterMs = 3000,
  tokenSeconds = 3599,
  port = 0,
  ...settings
}: DarajaSimulatorOptions): Promise<DarajaSimulator> {
  const daraja = new SimulatedDaraja(settings, answerAfterMs, tokenSeconds);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void answer(daraja, request).then(({ status, body }) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pushes: daraja.pushes,
    tokensGranted: () => daraja.granted,
    answerNow: (checkoutRequestId) => daraja.answerNow(checkoutRequestId),
    close: () => {
      daraja.stop();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The push's signature: the short code, a timestamp of the form Daraja takes, and the Password made from them. */
function signedAsDaraja(body: Record<string, unknown>, settings: Pick<DarajaSettings, 'shortCode' | 'passkey'>): boolean {
  const { BusinessShortCode, Timestamp, Password } = body;
  return (
    String(BusinessShortCode) === settings.shortCode &&
    typeof Timestamp === 'string' &&
    /^\d{14}$/.test(Timestamp) &&
    Password === darajaPassword(settings, Timestamp)
  );
}

/** The first field of a push that Daraja would refuse, named as Daraja names it; null when it would take it. */
function pushProblemAsDaraja(body: Record<string, unknown>, settings: Pick<DarajaSettings, 'shortCode' | 'passkey'>): string | null {
  const text = (name: string) => (typeof body[name] === 'string' || typeof body[name] === 'number' ? String(body[name]) : '');
  if (!signedAsDaraja(body, settings)) return 'Password';
  if (body.TransactionType !== 'CustomerPayBillOnline') return 'TransactionType';
  if (!/^\d+$/.test(text('Amount')) || Number(text('Amount')) < 1) return 'Amount';
  if (!DARAJA_PHONE.test(text('PhoneNumber'))) return 'PhoneNumber';
  if (text('PartyA') !== text('PhoneNumber')) return 'PartyA';
  if (text('PartyB') !== settings.shortCode) return 'PartyB';
  if (!URL.canParse(text('CallBackURL'))) return 'CallBackURL';
  const reference = text('AccountReference');
  if (reference.length < 1 || reference.length > ACCOUNT_REFERENCE_MAX) return 'AccountReference';
  const description = text('TransactionDesc');
  if (description.length < 1 || description.length > TRANSACTION_DESC_MAX) return 'TransactionDesc';
  return null;
}
