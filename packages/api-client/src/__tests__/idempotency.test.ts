import { http, HttpResponse } from 'msw';
import { bookEvent, keptRequests, sendEnquiry, sendKeptRequests } from '../index';
import { apiUrl, controlConnection, startMockApi } from '../testing';

// Every write once (issue 38): the key a send carries is the action's, the same for each retry of it and the
// outbox's replay, a new one for the next action.
const enquiry = { name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', mobile: '0722000111', comment: 'HACCP training for 12 staff' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const server = startMockApi();
const connection = controlConnection();
let keys: (string | null)[] = [];
/** The enquiry endpoint answering each send with the next of `answers` (a status, or 'drop' for a lost link). */
const enquiryAnswering = (...answers: (number | 'drop')[]) =>
  http.post(apiUrl('enquiry'), ({ request }) => {
    keys.push(request.headers.get('Idempotency-Key'));
    const next = answers.shift() ?? 200;
    if (next === 'drop') return HttpResponse.error();
    return HttpResponse.json(next < 300 ? { ok: true } : { message: 'The server failed' }, { status: next });
  });

afterEach(() => {
  localStorage.clear();
  keys = [];
});

test('a retry after a failure carries the same key; once answered, the next send is a new action', async () => {
  server.use(enquiryAnswering(503, 'drop', 200, 200));
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ kind: 'http', status: 503 });
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ kind: 'network' });
  await sendEnquiry(enquiry);
  await sendEnquiry(enquiry);
  expect(keys[0]).toMatch(UUID);
  expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
  expect(keys[3]).not.toBe(keys[0]);
});

test('a changed body is a new action, and so is a send refused for what it says', async () => {
  server.use(enquiryAnswering('drop', 200, 400, 200));
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ kind: 'network' });
  await sendEnquiry({ ...enquiry, comment: 'HACCP training for 14 staff' });
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ status: 400 });
  await sendEnquiry(enquiry);
  expect(new Set(keys).size).toBe(4);
});

test('the outbox keeps the key its first send carried, and its replay after reconnecting sends it again', async () => {
  server.use(
    http.post(apiUrl('enquiry'), ({ request }) => {
      const first = keys.length === 0;
      keys.push(request.headers.get('Idempotency-Key'));
      // The link drops while the request is on its way (it may have reached the API): the request is kept.
      if (!first) return HttpResponse.json({ ok: true });
      connection.online = false;
      return HttpResponse.error();
    }),
  );
  await expect(sendEnquiry(enquiry)).rejects.toMatchObject({ kind: 'kept' });
  connection.online = true;
  await expect(sendKeptRequests()).resolves.toEqual([expect.objectContaining({ sent: true })]);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keptRequests()).toEqual([]);
});

test('a booking kept offline is replayed with its key; each kept request has its own', async () => {
  const booked: (string | null)[] = [];
  server.use(
    http.post(apiUrl('booking/', 'requests'), ({ request }) => {
      booked.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.json({ ok: true });
    }),
  );
  connection.online = false;
  const booking = (email: string) => ({ contactDetails: { name: 'Otieno', email, phone: '712345678' }, event: { id: 'event-1' } });
  await expect(bookEvent(booking('otieno@example.co.ke'))).rejects.toMatchObject({ kind: 'kept' });
  await expect(bookEvent(booking('akinyi@example.co.ke'))).rejects.toMatchObject({ kind: 'kept' });
  connection.online = true;
  await sendKeptRequests();
  expect(booked).toHaveLength(2);
  expect(booked[0]).toMatch(UUID);
  expect(booked[1]).toMatch(UUID);
  expect(booked[0]).not.toBe(booked[1]);
});
