import { http, HttpResponse } from 'msw';
import { ApiError, keptRequests, sendEnquiry, sendKeptRequests } from '../index';
import { apiUrl, controlConnection, networkFailure, startMockApi } from '../testing';

const enquiry = { name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', mobile: '254722000111', comment: 'HACCP training for 12 staff' };

const server = startMockApi();
const connection = controlConnection();
let received: unknown[] = [];
const counting = () =>
  http.post(apiUrl('enquiry'), async ({ request }) => {
    received.push(await request.json());
    return HttpResponse.json({ ok: true }, { status: 201 });
  });

afterEach(() => {
  localStorage.clear();
  received = [];
});

test('an enquiry sent offline is kept on the phone, said so, and sent once when the connection returns', async () => {
  server.use(counting());
  connection.online = false;
  const kept = await sendEnquiry(enquiry).catch((error: unknown) => error);
  expect(kept).toBeInstanceOf(ApiError);
  expect(kept).toMatchObject({ kind: 'kept', message: 'You are offline. Your enquiry is kept on this phone and will be sent as soon as you are back online.' });
  expect(keptRequests()).toEqual([expect.objectContaining({ kind: 'enquiry' })]);
  expect(received).toEqual([]);
  await expect(sendKeptRequests()).resolves.toEqual([]); // still offline: nothing goes

  connection.online = true;
  await expect(sendKeptRequests()).resolves.toEqual([{ kind: 'enquiry', sent: true, message: 'Your enquiry, kept while you were offline, has been sent.' }]);
  expect(received).toEqual([enquiry]);
  expect(keptRequests()).toEqual([]);
  // Never twice: the outbox is empty now.
  await expect(sendKeptRequests()).resolves.toEqual([]);
  expect(received).toHaveLength(1);
});

test('a request that cannot reach the API while the browser says it is offline is kept too', async () => {
  server.use(networkFailure('post', 'enquiry'));
  // The link drops while the request is on its way.
  const sending = sendEnquiry(enquiry).catch((error: unknown) => error);
  connection.online = false;
  await expect(sending).resolves.toMatchObject({ kind: 'kept' });
  expect(keptRequests()).toHaveLength(1);
});

test('online, a failure is a failure: nothing is kept', async () => {
  server.use(networkFailure('post', 'enquiry'));
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ kind: 'network' });
  expect(keptRequests()).toEqual([]);
});

test('a kept request the API refuses leaves the outbox with the reason; one that still cannot go stays', async () => {
  connection.online = false;
  await sendEnquiry(enquiry).catch(() => undefined);
  await sendEnquiry({ ...enquiry, comment: 'second' }).catch(() => undefined);
  connection.online = true;
  server.use(networkFailure('post', 'enquiry', { once: true }));
  await expect(sendKeptRequests()).resolves.toEqual([]);
  expect(keptRequests()).toHaveLength(2);

  server.use(
    http.post(apiUrl('enquiry'), () => HttpResponse.json({ message: 'Comment is too long' }, { status: 400 }), { once: true }),
    counting(),
  );
  const outcomes = await sendKeptRequests();
  expect(outcomes.map(({ sent }) => sent)).toEqual([false, true]);
  expect(outcomes[0]!.message).toMatch(/^Your enquiry, kept while you were offline, could not be sent: /);
  expect(received).toEqual([{ ...enquiry, comment: 'second' }]);
  expect(keptRequests()).toEqual([]);
});

test('a navigator that says nothing of the connection (Node 21+ outside a browser) is online: the request is sent', async () => {
  server.use(counting());
  const said = Object.getOwnPropertyDescriptor(navigator, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => undefined });
  try {
    await sendEnquiry(enquiry);
  } finally {
    Object.defineProperty(navigator, 'onLine', said!);
  }
  expect(received).toEqual([enquiry]);
  expect(keptRequests()).toEqual([]);
});
