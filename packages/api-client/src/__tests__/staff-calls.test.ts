import { http, HttpResponse } from 'msw';
import { confirmSecondFactor, exportLeads, getPayments, onStaffSessionEnded, recordPayment, STAFF_SESSION_ENDED_MESSAGE, useStaffSession } from '../staff';
import { useSession } from '../index';
import { apiUrl, signInForTests, startMockApi } from '../testing';

// The back office's calls go the way every call does (call(), http.ts), in the staff member's session.
// A staff write that creates something is made once, as a customer's (issue 60): a cash payment recorded on a link
// that dropped is sent again with the same key, and the API makes it once (apps/api/src/idempotency.ts).
const cash = { method: 'cash' as const, amount: 18_000, reference: 'RCPT-0042', reason: 'Paid at the Nakuru office' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const server = startMockApi();
let keys: (string | null)[] = [];
/** The order's payments endpoint answering each send with the next of `answers` (a status, or 'drop' for a lost link). */
const paymentsAnswering = (...answers: (number | 'drop')[]) =>
  http.post(apiUrl('staff/orders/order-1/payments'), ({ request }) => {
    keys.push(request.headers.get('Idempotency-Key'));
    const next = answers.shift() ?? 201;
    if (next === 'drop') return HttpResponse.error();
    return HttpResponse.json(next < 300 ? [] : { message: 'The server failed' }, { status: next });
  });

afterEach(() => {
  keys = [];
  useStaffSession.setState({ token: null, staff: null });
});

describe('a staff call', () => {
  const member = { id: 's1', email: 'wanjiru@mavuno.test', role: 'admin' as const };

  it('sends the staff token, not the customer’s; a 401 to it ends the staff session and sends the pages to sign-in', async () => {
    signInForTests(); // a customer signed in on the same browser: not this call's session
    useStaffSession.setState({ token: 'staff-token', staff: member });
    let sent: string | null = null;
    server.use(
      http.get(apiUrl('staff/payments'), ({ request }) => {
        sent = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Your session has ended' }, { status: 401 });
      }),
    );
    const told: string[] = [];
    const stop = onStaffSessionEnded((message) => told.push(message));
    await expect(getPayments()).rejects.toMatchObject({ status: 401, message: 'Your session has ended' });
    stop();
    expect(sent).toBe('Bearer staff-token');
    expect(told).toEqual([STAFF_SESSION_ENDED_MESSAGE]);
    expect(useStaffSession.getState().token).toBeNull();
    expect(useSession.getState().customer).not.toBeNull(); // the customer stays signed in
  });

  it('a sign-in step sends its own token, and its 401 is its answer: no session ends', async () => {
    useStaffSession.setState({ token: 'staff-token', staff: member });
    let sent: string | null = null;
    server.use(
      http.post(apiUrl('staff/session/second-factor'), ({ request }) => {
        sent = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'That code is not right' }, { status: 401 });
      }),
    );
    await expect(confirmSecondFactor('step-token', { code: '123456' })).rejects.toMatchObject({ message: 'That code is not right' });
    expect(sent).toBe('Bearer step-token');
    expect(useStaffSession.getState().token).toBe('staff-token');
  });

  it('says the server cannot be reached rather than only that it failed', async () => {
    server.use(http.get(apiUrl('staff/payments'), () => HttpResponse.error()));
    await expect(getPayments()).rejects.toMatchObject({ kind: 'network', message: 'The server cannot be reached. Check your connection and try again.' });
  });

  it('gives an export as the CSV file the server made', async () => {
    const csv = '"name","email"\n"Wanjiku","wanjiku@example.co.ke"\n';
    server.use(http.get(apiUrl('staff/leads/export'), () => new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })));
    const file = await exportLeads();
    expect(file.type).toBe('text/csv;charset=utf-8');
    expect(await file.text()).toBe(csv);
  });
});

test('a payment recorded again after a failure carries the same key; once answered, the next is a new one', async () => {
  server.use(paymentsAnswering(503, 'drop', 201, 201));
  await expect(recordPayment('order-1', cash)).rejects.toMatchObject({ kind: 'http', status: 503 });
  await expect(recordPayment('order-1', cash)).rejects.toMatchObject({ kind: 'network' });
  await expect(recordPayment('order-1', cash)).resolves.toEqual([]);
  await expect(recordPayment('order-1', cash)).resolves.toEqual([]);
  expect(keys[0]).toMatch(UUID);
  expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
  expect(keys[3]).not.toBe(keys[0]);
});

test('a refusal settles it, another amount is another payment, and a read carries no key', async () => {
  let readKey: string | null = 'not asked';
  server.use(
    paymentsAnswering('drop', 400, 201),
    http.get(apiUrl('staff/payments'), ({ request }) => {
      readKey = request.headers.get('Idempotency-Key');
      return HttpResponse.json([]);
    }),
  );
  await expect(recordPayment('order-1', cash)).rejects.toMatchObject({ kind: 'network' });
  await expect(recordPayment('order-1', { ...cash, amount: 20_000 })).rejects.toMatchObject({ status: 400 });
  await recordPayment('order-1', { ...cash, amount: 20_000 });
  expect(new Set(keys).size).toBe(3);
  await getPayments();
  expect(readKey).toBeNull();
});
