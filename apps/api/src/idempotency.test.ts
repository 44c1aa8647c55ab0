// Every write once (issue 38, part 3): a write that creates something and carries an Idempotency-Key is made
// once, whenever and wherever its repeats arrive; its first answer is given to them all.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { kenyanDate } from '@agri/api-client/contract';
import { createApp } from './app';
import { KEY_LIMITS } from './idempotency';
import { engine } from './test-database';
import { startInstances, startTestApi, TEST_PASSWORD, withFailure, type TestApi } from './test-support';

let api: TestApi;
let other: TestApi;
before(async () => {
  [api, other] = (await startInstances(2)) as [TestApi, TestApi];
});
after(() => api.close());

const enquiry = (comment: string) => ({ name: 'Njeri Kamau', email: 'njeri@example.co.ke', mobile: '712345678', comment });
const enquiries = async (comment: string) =>
  (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enquiries WHERE comment = $1', [comment]))[0]!.n;
const send = (instance: TestApi, path: string, body: unknown, key: string, token?: string) =>
  instance.call('POST', path, { body, token, headers: { 'Idempotency-Key': key } });
/** Moves the clock of everything written `minutes` back: the enquiry's own ten-minute window is past. */
const minutesLater = async (minutes: number) => {
  await api.db.query(`UPDATE enquiries SET created_at = created_at - $1 * interval '1 minute'`, [minutes]);
  await api.db.query(`UPDATE idempotent_requests SET claimed_at = claimed_at - $1 * interval '1 minute'`, [minutes]);
};

describe(`an Idempotency-Key on ${engine}`, () => {
  it('a repeat after a timeout, after 11 minutes and on another instance gets the first answer, and one enquiry is stored', async () => {
    const key = randomUUID();
    const body = enquiry(`Milk cooling, first ${key}`);
    const first = await send(api, '/api/enquiry', body, key);
    assert.equal(first.status, 200);
    const answer = await first.text();
    assert.equal(first.headers.get('Idempotent-Replayed'), null);

    // The phone never saw that answer (a timeout) and sends again; then its outbox replays 11 minutes later.
    const again = await send(api, '/api/enquiry', body, key);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('Idempotent-Replayed'), 'true');
    assert.equal(await again.text(), answer);
    await minutesLater(11);
    const late = await send(other, '/api/enquiry', body, key);
    assert.equal(late.status, 200);
    assert.equal(await late.text(), answer, 'the other instance gives the first answer');
    assert.equal(await enquiries(body.comment), 1);

    // Without a key, the same words 11 minutes later are a new enquiry: the key, not the body, makes a repeat.
    await send(api, '/api/enquiry', body, randomUUID());
    assert.equal(await enquiries(body.comment), 2);
  });

  it('a key sent again with another body is refused (422), and a key that is not a UUID (400)', async () => {
    const key = randomUUID();
    assert.equal((await send(api, '/api/enquiry', enquiry(`Refused ${key}`), key)).status, 200);
    const changed = await send(api, '/api/enquiry', enquiry(`Refused ${key}, a letter changed`), key);
    assert.equal(changed.status, 422);
    assert.match(((await changed.json()) as { message: string }).message, /already used for another request/);
    assert.equal((await send(api, '/api/enquiry', enquiry('x'), 'not-a-uuid')).status, 400);
  });

  it('two tabs sending at the same moment, to two instances: one booking, both told the same', async () => {
    const [event] = await api.db.query<{ id: string }>('SELECT id FROM events WHERE published AND end_date >= $1 ORDER BY id LIMIT 1', [
      kenyanDate(new Date()),
    ]);
    const key = randomUUID();
    const email = `tabs-${key}@example.co.ke`;
    const body = { contactDetails: { name: 'Otieno', email, phone: '712345678' }, event: { id: event!.id } };
    const answers = await Promise.all([
      send(api, '/requests/booking/', body, key),
      send(other, '/requests/booking', body, key),
      send(api, '/requests/booking/', body, key),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
    );
    assert.equal(new Set(await Promise.all(answers.map((answer) => answer.text()))).size, 1);
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM bookings WHERE contact_details->>'email' = $1", [email]);
    assert.equal(n, 1);
  });

  it('a customer’s cart line and order are made once; another customer’s same key is theirs alone', async () => {
    const wanjiku = await api.signUp(`once-${randomUUID()}@example.co.ke`);
    const [course] = await api.db.query<{ id: string }>('SELECT id FROM courses WHERE published ORDER BY id LIMIT 1');
    const addKey = randomUUID();
    for (let n = 0; n < 3; n++) assert.equal((await send(api, '/api/user/cart', { courseId: course!.id, quantity: 1 }, addKey, wanjiku.token)).status, 200);
    const [line] = await api.db.query<{ quantity: number }>('SELECT quantity FROM cart_items WHERE customer_id = $1', [wanjiku.id]);
    assert.equal(line!.quantity, 1, 'added once, not three times');

    const shippingInfo = {
      firstName: 'Wanjiku',
      lastName: 'Mwangi',
      county: 'Kenya',
      address: 'Argwings Kodhek Road',
      area: 'Kilimani',
      phoneNumber: '712345678',
    };
    const orderKey = randomUUID();
    const orders = await Promise.all([1, 2].map(() => send(api, '/api/user/cart/create-order', { shippingInfo }, orderKey, wanjiku.token)));
    assert.deepEqual(
      orders.map((answer) => answer.status),
      [200, 200],
    );
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [wanjiku.id]);
    assert.equal(n, 1, 'one order, not a second one nor "Your cart is empty"');

    // The same key from another customer is another request of theirs, never the first customer's answer.
    const amina = await api.signUp(`once-${randomUUID()}@example.co.ke`);
    const theirs = await send(api, '/api/user/cart', { courseId: course!.id, quantity: 1 }, addKey, amina.token);
    assert.equal(theirs.headers.get('Idempotent-Replayed'), null);
    const [aminasLine] = await api.db.query<{ quantity: number }>('SELECT quantity FROM cart_items WHERE customer_id = $1', [amina.id]);
    assert.equal(aminasLine!.quantity, 1);
  });

  it('a registration sent twice mails one code, and its answer is kept sealed (the registration token is a secret)', async () => {
    const email = `register-${randomUUID()}@example.co.ke`;
    const key = randomUUID();
    const body = { firstname: 'Wanjiku', lastname: 'Mwangi', email, mobile: '712345678', password: TEST_PASSWORD };
    const tokens = await Promise.all(
      [1, 2].map(async () => ((await (await send(api, '/api/user/register', body, key)).json()) as { registrationToken: string }).registrationToken),
    );
    assert.equal(tokens[0], tokens[1]);
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE to_email = $1', [email]);
    assert.equal(n, 1, 'one code mailed');
    const stored = await api.db.query<{ answer: string }>('SELECT answer FROM idempotent_requests WHERE key = $1', [key]);
    assert.equal(stored.length, 1);
    assert.ok(!stored[0]!.answer.includes(tokens[0]!), 'the token is not in the table in clear');
  });

  it('a first request that failed, or whose instance stopped halfway, leaves the key free; a key is kept 24 hours', async () => {
    const key = randomUUID();
    const body = enquiry(`Failed first ${key}`);
    const failing = withFailure(api, (sql) => sql.startsWith('INSERT INTO enquiries'));
    assert.equal((await send(failing, '/api/enquiry', body, key)).status, 500);
    assert.equal((await send(api, '/api/enquiry', body, key)).status, 200, 'the retry is handled as a first request');
    assert.equal(await enquiries(body.comment), 1);

    // A claim without an answer, two minutes old: its instance stopped; a repeat makes the write.
    const stopped = randomUUID();
    const orphan = enquiry(`Stopped ${stopped}`);
    await api.db.query(
      `INSERT INTO idempotent_requests (scope, key, fingerprint, claimed_at) VALUES ('POST /api/enquiry ', $1, $2, now() - interval '2 minutes')`,
      [stopped, createHash('sha256').update(JSON.stringify(orphan)).digest('base64url')],
    );
    assert.equal((await send(api, '/api/enquiry', orphan, stopped)).status, 200);
    assert.equal(await enquiries(orphan.comment), 1);

    // A day later the key is forgotten: the same request is a new one.
    await minutesLater(24 * 60 + 1);
    assert.equal((await send(api, '/api/enquiry', body, key)).headers.get('Idempotent-Replayed'), null);
    assert.equal(await enquiries(body.comment), 2);
  });

  it('a refused request stores nothing: 600 bad bodies with fresh keys meet the 429, and a key is claimed only once a write passed its checks', async () => {
    const strict = await startTestApi({ RATE_LIMIT_WRITES_SOURCE: '10' });
    try {
      const statuses = new Map<number, number>();
      for (let i = 0; i < 600; i++) {
        const status = (await send(strict, '/api/enquiry', { name: 'x' }, randomUUID())).status;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      assert.deepEqual(Object.fromEntries(statuses), { 400: 10, 429: 590 });
      const [{ n } = { n: -1 }] = await strict.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotent_requests');
      assert.equal(n, 0, 'no key was kept');
    } finally {
      await strict.close();
    }
    // A key whose first request was refused is free: the corrected request is a first one (not a 422).
    const key = randomUUID();
    assert.equal((await send(api, '/api/enquiry', { name: 'Njeri' }, key)).status, 400);
    assert.equal((await send(api, '/api/enquiry', enquiry(`Corrected ${key}`), key)).status, 200);
    assert.equal(await enquiries(`Corrected ${key}`), 1);
  });

  it('one address holds at most KEY_LIMITS.perSource keys a day: past that a write is refused, never made without its key', async () => {
    // In-process requests have no socket: their address is 'unknown'.
    await api.db.query(
      `INSERT INTO idempotent_requests (scope, key, fingerprint, source, status, answer)
       SELECT 'POST /api/enquiry ', gen_random_uuid()::text, 'f', 'unknown', 200, 'x' FROM generate_series(1, $1)`,
      [KEY_LIMITS.perSource],
    );
    try {
      const body = enquiry(`Over the cap ${randomUUID()}`);
      const refused = await send(api, '/api/enquiry', body, randomUUID());
      assert.equal(refused.status, 429);
      assert.equal(await enquiries(body.comment), 0);
    } finally {
      await api.db.query("DELETE FROM idempotent_requests WHERE fingerprint = 'f'");
    }
  });

  it('a page on the site’s origin may send the header (the preflight allows it)', async () => {
    const origin = api.config.allowedOrigins[0]!;
    const preflight = await api.app.request('/api/enquiry', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,idempotency-key' },
    });
    assert.ok(preflight.status < 300);
    assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /idempotency-key/i);
  });

  it('a request without the header is handled as before (other clients)', async () => {
    const app = createApp({ db: api.db, config: api.config });
    const body = enquiry(`No key ${randomUUID()}`);
    const answer = await app.request('/api/enquiry', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(answer.status, 200);
    assert.equal(await enquiries(body.comment), 1);
  });
});
