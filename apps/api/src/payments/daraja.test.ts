// The Daraja client (daraja.ts, daraja-callback.ts) against the kit's simulator (daraja-simulator.ts): the token, the
// push and the query exactly as Safaricom documents them, the callback's body read as documented, and Daraja's
// refusals made clear.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MPESA_PHONE_MESSAGE, maskedPhone, mpesaPhoneSchema, toKenyanPhone } from '@agri/api-client/contract';
import { createDarajaClient, darajaPassword, darajaTimestamp, DarajaError, type StkPush } from './daraja';
import { paymentFailureWords, readStkCallback } from './daraja-callback';
import { startDarajaSimulator, type DarajaSimulator } from './daraja-simulator';
import { SANDBOX_TEST_PHONE } from './simulated-push';

const credentials = {
  consumerKey: 'test-consumer-key',
  consumerSecret: 'test-consumer-secret',
  shortCode: '174379',
  passkey: 'test-passkey-0123456789abcdef',
};

/** Where the simulator posts its callbacks: each body, as it arrived. */
async function callbackReceiver() {
  const bodies: unknown[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.end('{}');
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/mpesa/callback/token`,
    bodies,
    /** The body of the callback for this push, once it has arrived. */
    of: async (checkoutRequestId: string) => {
      const find = () => bodies.find((body) => readStkCallback(body)?.checkoutRequestId === checkoutRequestId);
      while (!find()) await new Promise<void>((wake) => waiting.push(wake));
      return find();
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

let simulator: DarajaSimulator;
let callbacks: Awaited<ReturnType<typeof callbackReceiver>>;
before(async () => {
  simulator = await startDarajaSimulator({ ...credentials, answerAfterMs: 50 });
  callbacks = await callbackReceiver();
});
after(async () => {
  await simulator.close();
  await callbacks.close();
});

const push = (phone: string, changes: Partial<StkPush> = {}): StkPush => ({
  amount: 4500,
  phone,
  callbackUrl: callbacks.url,
  accountReference: 'ORD-7F3K2Q',
  description: 'Mavuno order',
  ...changes,
});

/** A fetch that records each request it sends, then sends it. */
function recordingFetch() {
  const sent: { url: string; headers: Headers; body: Record<string, unknown> | null }[] = [];
  const send: typeof fetch = (input, init) => {
    sent.push({
      url: String(input),
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
    });
    return fetch(input, init);
  };
  return { sent, send };
}

describe('a phone number for M-Pesa', () => {
  it('is read as a customer types it and sent as Daraja takes it; anything else is refused with a clear message', () => {
    // The one phone rule (toKenyanPhone) is M-Pesa's too.
    for (const typed of ['0712345678', '0712 345 678', '+254712345678', '254712345678', '254-712-345-678', '712345678'])
      assert.equal(toKenyanPhone(typed), '254712345678', typed);
    assert.equal(toKenyanPhone('0110345678'), '254110345678', 'the 01… numbers');
    for (const typed of ['', '0812345678', '071234567', '07123456789', '+255712345678', '07x2345678']) assert.equal(toKenyanPhone(typed), null, typed);
    assert.equal(mpesaPhoneSchema.parse(' 0712 345 678 '), '254712345678');
    assert.equal(mpesaPhoneSchema.safeParse('0812345678').error?.issues[0]?.message, MPESA_PHONE_MESSAGE);
    assert.equal(maskedPhone('254712345678'), '•••••••••678');
  });
});

describe('the Daraja client', () => {
  it('sends the push exactly as Daraja documents it, signed with a Nairobi timestamp, and is told its CheckoutRequestID', async () => {
    const { sent, send } = recordingFetch();
    const at = new Date('2026-11-27T21:05:09Z');
    const client = createDarajaClient({ ...credentials, baseUrl: simulator.url }, { fetch: send, now: () => at });
    const accepted = await client.stkPush(push('254712345678'));
    assert.match(accepted.checkoutRequestId, /^ws_CO_/);
    assert.equal(simulator.pushes.at(-1)?.checkoutRequestId, accepted.checkoutRequestId);

    const [token, request] = sent;
    assert.equal(token?.url, `${simulator.url}/oauth/v1/generate?grant_type=client_credentials`);
    assert.equal(token?.headers.get('authorization'), `Basic ${Buffer.from('test-consumer-key:test-consumer-secret').toString('base64')}`);
    assert.equal(request?.url, `${simulator.url}/mpesa/stkpush/v1/processrequest`);
    assert.match(request?.headers.get('authorization') ?? '', /^Bearer \S+$/);
    assert.equal(darajaTimestamp(at), '20261128000509', 'Nairobi is three hours ahead of UTC');
    assert.deepEqual(request?.body, {
      BusinessShortCode: '174379',
      Password: Buffer.from('174379test-passkey-0123456789abcdef20261128000509').toString('base64'),
      Timestamp: '20261128000509',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 4500,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: callbacks.url,
      AccountReference: 'ORD-7F3K2Q',
      TransactionDesc: 'Mavuno order',
    });
    assert.equal(darajaPassword(credentials, '20261128000509'), request?.body?.Password);
  });

  it('keeps its access token until a minute before it expires, and asks for one only once for pushes sent together', async () => {
    let now = Date.parse('2026-11-27T08:00:00Z');
    const client = createDarajaClient({ ...credentials, baseUrl: simulator.url }, { now: () => new Date(now) });
    const before = simulator.tokensGranted();
    await Promise.all([client.stkPush(push('254712345678')), client.stkPush(push('254712345670'))]);
    now += 58 * 60_000;
    await client.stkPush(push('254712345678'));
    assert.equal(simulator.tokensGranted() - before, 1);
    now += 60_000;
    await client.stkPush(push('254712345678'));
    assert.equal(simulator.tokensGranted() - before, 2, 'within its last minute, a new token');
  });

  it('refuses before sending what Daraja would refuse: an amount in cents, a foreign number, texts too long for the phone', async () => {
    const { sent, send } = recordingFetch();
    const client = createDarajaClient({ ...credentials, baseUrl: simulator.url }, { fetch: send });
    await assert.rejects(client.stkPush(push('254712345678', { amount: 45.5 })), /whole shillings from 1 to 250000/);
    await assert.rejects(client.stkPush(push('254712345678', { amount: 0 })), /whole shillings/);
    await assert.rejects(client.stkPush(push('0712345678')), /2547XXXXXXXX or 2541XXXXXXXX/);
    await assert.rejects(client.stkPush(push('254712345678', { accountReference: 'ORDER-7F3K2Q1' })), /account reference must be 1 to 12/);
    await assert.rejects(client.stkPush(push('254712345678', { description: 'Mavuno payment' })), /description must be 1 to 13/);
    assert.deepEqual(sent, []);
  });

  it('says what Daraja refused, in its own words: wrong credentials', async () => {
    const client = createDarajaClient({ ...credentials, consumerSecret: 'wrong', baseUrl: simulator.url });
    await assert.rejects(client.stkPush(push('254712345678')), (error: unknown) => {
      assert.ok(error instanceof DarajaError);
      assert.equal(error.code, '400.008.02');
      assert.match(error.message, /Daraja did not grant an access token: Invalid grant type passed/);
      return true;
    });
  });

  it('a paid push: the callback in Daraja’s documented form, read with the amount, receipt and number; the query agrees', async () => {
    const client = createDarajaClient({ ...credentials, baseUrl: simulator.url });
    const { checkoutRequestId } = await client.stkPush(push(SANDBOX_TEST_PHONE));
    const callback = readStkCallback(await callbacks.of(checkoutRequestId));
    assert.equal(callback?.resultCode, 0);
    assert.equal(callback?.paid?.amount, 4500);
    assert.match(callback?.paid?.receipt ?? '', /^[A-Z0-9]{10}$/);
    assert.equal(callback?.paid?.phone, SANDBOX_TEST_PHONE);
    assert.match(callback?.paid?.transactionDate ?? '', /^\d{14}$/);
    assert.deepEqual(await client.stkQuery(checkoutRequestId), {
      state: 'settled',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
  });

  it('a push cancelled on the phone: no metadata, the customer told so; one that sends no callback is found by the query', async () => {
    // The customer takes their time here: each prompt is answered when the test says.
    const slow = await startDarajaSimulator({ ...credentials, answerAfterMs: 600_000 });
    try {
      const client = createDarajaClient({ ...credentials, baseUrl: slow.url });
      const cancelled = await client.stkPush(push('254712345671'));
      const silent = await client.stkPush(push('254712345675'));
      assert.deepEqual(await client.stkQuery(silent.checkoutRequestId), { state: 'pending' }, 'not answered yet');

      slow.answerNow(cancelled.checkoutRequestId);
      assert.deepEqual(readStkCallback(await callbacks.of(cancelled.checkoutRequestId)), {
        checkoutRequestId: cancelled.checkoutRequestId,
        resultCode: 1032,
        resultDesc: 'Request cancelled by user',
        paid: null,
      });
      assert.equal(paymentFailureWords(1032), 'The payment was cancelled on your phone.');

      slow.answerNow(silent.checkoutRequestId);
      assert.deepEqual(await client.stkQuery(silent.checkoutRequestId), {
        state: 'settled',
        resultCode: 1037,
        resultDesc: 'DS timeout user cannot be reached',
      });
      assert.ok(!callbacks.bodies.some((body) => readStkCallback(body)?.checkoutRequestId === silent.checkoutRequestId), 'no callback for it');
      await assert.rejects(client.stkQuery('ws_CO_unknown'), /Invalid CheckoutRequestID \(400.002.02\)/);
    } finally {
      await slow.close();
    }
  });

  it('the result codes in the customer’s words', () => {
    assert.equal(paymentFailureWords(1), 'Your M-Pesa balance is not enough for this payment.');
    assert.equal(paymentFailureWords(1037), 'Your phone could not be reached. Check that it is on and has signal, then try again.');
    assert.equal(paymentFailureWords(2001), 'The M-Pesa PIN entered was wrong.');
    assert.equal(paymentFailureWords(17), 'The payment did not go through.');
  });
});

describe('a callback’s body', () => {
  const success = {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: 'ws_CO_191220191020363925',
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 1.0 },
            { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20191219102115 },
            { Name: 'PhoneNumber', Value: 254708374149 },
          ],
        },
      },
    },
  };

  it('is read from Safaricom’s documented example', () => {
    assert.deepEqual(readStkCallback(success), {
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      paid: { amount: 1, receipt: 'NLJ7RT61SV', phone: '254708374149', transactionDate: '20191219102115' },
    });
  });

  it('is refused when it is not that shape, or claims a success without its receipt', () => {
    const { CallbackMetadata, ...withoutMetadata } = success.Body.stkCallback;
    assert.ok(CallbackMetadata);
    for (const body of [
      null,
      'text',
      {},
      { Body: {} },
      { Body: { stkCallback: { ...success.Body.stkCallback, ResultCode: '0' } } },
      { Body: { stkCallback: withoutMetadata } },
    ]) {
      assert.equal(readStkCallback(body), null, JSON.stringify(body));
    }
  });
});
