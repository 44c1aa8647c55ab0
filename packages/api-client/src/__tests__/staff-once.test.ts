import { http, HttpResponse } from 'msw';
import { configureStaffApi, getPayments, recordPayment } from '../staff';
import { apiUrl, startMockApi, TEST_API_BASE_URL } from '../testing';

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

beforeAll(() => configureStaffApi({ apiBaseUrl: TEST_API_BASE_URL }));
afterEach(() => {
  keys = [];
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
