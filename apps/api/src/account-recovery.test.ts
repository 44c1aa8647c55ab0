// Issue 23: account recovery that cannot be turned against the owner, limits on every public write, sessions
// that end when idle, personal data never cached, and a production start that never prints mail by accident.
// Each failure of the issue is reproduced here as an attacker would try it.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMMON_PASSWORD_MESSAGE, NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE } from '@agri/api-client/contract';
import { createApp } from './app';
import { readConfig, type RateLimits } from './config';
import { openDatabase } from './server';
import { bookable, clearRateLimits, startTestApi, TEST_PASSWORD, type TestApi } from './test-support';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(() => api.close());

const SECRET = 'a-production-secret-that-is-long-enough-0123';
const NEW_PASSWORD = 'Maize-harvest-2027';

const message = async (response: Response): Promise<string> => ((await response.json()) as { message: string }).message;
const mailsTo = (email: string) => api.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE to_email = $1 ORDER BY id', [email]);
async function latestMail(email: string): Promise<{ subject: string; body: string }> {
  const mails = await mailsTo(email);
  assert.ok(mails.length > 0, `no mail to ${email}`);
  return mails.at(-1)!;
}
const linkIn = (body: string, path: string): string => {
  const token = new RegExp(`http://site\\.test/${path}/([\\w-]+)`).exec(body)?.[1];
  assert.ok(token, `no ${path} link in: ${body}`);
  return token;
};
const login = async (email: string, password = TEST_PASSWORD) => api.call('POST', '/api/user/login', { body: { email, password } });
const sessionOf = async (email: string, password = TEST_PASSWORD) => ((await (await login(email, password)).json()) as { token: string }).token;
const whoAmI = (token: string) => api.call('GET', '/api/user/getuser', { token });
const profileWith = (email: string, currentPassword?: string) => ({
  firstname: 'Akinyi',
  lastname: 'Odhiambo',
  email,
  mobile: '712345678',
  ...(currentPassword === undefined ? {} : { currentPassword }),
});
const forgot = (email: string) => api.call('POST', '/api/user/forgot-password-token', { body: { email } });

describe('an email change cannot turn a stolen session into the account for good', () => {
  it('asks for the current password, and refuses a wrong one without counting it as a change', async () => {
    const email = 'akinyi.password@example.co.ke';
    const { token } = await api.signUp(email);
    const target = 'thief.inbox@example.co.ke';
    const without = await api.call('PUT', '/api/user/edit-user', { token, body: profileWith(target) });
    assert.equal(without.status, 400);
    assert.match(await message(without), /current password/i);
    const wrong = await api.call('PUT', '/api/user/edit-user', { token, body: profileWith(target, 'not-the-password') });
    assert.equal(wrong.status, 400);
    assert.equal(await message(wrong), 'Your current password is not correct.');
    assert.equal((await mailsTo(target)).length, 0);
    // Names and mobile still change without it.
    const names = await api.call('PUT', '/api/user/edit-user', { token, body: { ...profileWith(email), firstname: 'Aki' } });
    assert.equal(names.status, 200);
  });

  it('reproduction: the owner resetting the password cancels the change a thief started', async () => {
    const victim = 'victim.reset@example.co.ke';
    const { token: stolen } = await api.signUp(victim);
    const thief = 'thief.reset@example.co.ke';
    // Say the thief also learnt the password: the request goes through, and the owner is told.
    assert.equal((await api.call('PUT', '/api/user/edit-user', { token: stolen, body: profileWith(thief, TEST_PASSWORD) })).status, 200);
    const confirmLink = linkIn((await latestMail(thief)).body, 'confirm-email');
    const notice = await latestMail(victim);
    assert.match(notice.subject, /change the email/i);
    assert.match(notice.body, /thief\.reset@example\.co\.ke/);
    assert.match(notice.body, /undo-email-change\/[\w-]+/);

    await forgot(victim);
    const reset = linkIn((await latestMail(victim)).body, 'reset-password');
    assert.equal((await api.call('PUT', `/api/user/reset-password/${reset}`, { body: { password: NEW_PASSWORD } })).status, 200);

    const confirmed = await api.call('PUT', `/api/user/confirm-email/${confirmLink}`);
    assert.equal(confirmed.status, 400);
    assert.equal((await login(victim, NEW_PASSWORD)).status, 200);
    assert.equal((await whoAmI(stolen)).status, 401);
  });

  it('logging out everywhere cancels a pending change and ends every session', async () => {
    const email = 'logout.everywhere@example.co.ke';
    const { token } = await api.signUp(email);
    const other = await sessionOf(email);
    await api.call('PUT', '/api/user/edit-user', { token: other, body: profileWith('elsewhere@example.co.ke', TEST_PASSWORD) });
    const link = linkIn((await latestMail('elsewhere@example.co.ke')).body, 'confirm-email');
    const out = await api.call('POST', '/api/user/logout-everywhere', { token });
    assert.equal(out.status, 200);
    assert.equal((await whoAmI(token)).status, 401);
    assert.equal((await whoAmI(other)).status, 401);
    assert.equal((await api.call('PUT', `/api/user/confirm-email/${link}`)).status, 400);
    assert.equal((await api.call('POST', '/api/user/logout-everywhere')).status, 401);
  });

  it('a confirmed change ends every other session and tells the old address, which can undo it for 7 days', async () => {
    const email = 'moving.owner@example.co.ke';
    const moved = 'moving.owner.new@example.co.ke';
    const { token: here } = await api.signUp(email);
    const elsewhere = await sessionOf(email);
    await api.call('PUT', '/api/user/edit-user', { token: here, body: profileWith(moved, TEST_PASSWORD) });
    const link = linkIn((await latestMail(moved)).body, 'confirm-email');
    const confirmed = await api.call('PUT', `/api/user/confirm-email/${link}`, { token: here });
    assert.equal(confirmed.status, 200);
    assert.equal((await whoAmI(here)).status, 200);
    assert.equal((await whoAmI(elsewhere)).status, 401);

    const notice = await latestMail(email);
    assert.match(notice.subject, /email of your account was changed/i);
    assert.match(notice.body, /7 days/);
    const undo = linkIn(notice.body, 'undo-email-change');
    const undone = await api.call('PUT', `/api/user/undo-email-change/${undo}`);
    assert.equal(undone.status, 200);
    assert.match(await message(undone), /moving\.owner@example\.co\.ke/);
    // Back to the old address, every session ended (the thief's too), and the link works once.
    assert.equal((await whoAmI(here)).status, 401);
    assert.equal((await login(email)).status, 200);
    assert.equal((await login(moved)).status, 401);
    assert.equal((await api.call('PUT', `/api/user/undo-email-change/${undo}`)).status, 400);
  });

  it('the undo link of the request cancels the change before it is confirmed', async () => {
    const email = 'undo.request@example.co.ke';
    const { token } = await api.signUp(email);
    await api.call('PUT', '/api/user/edit-user', { token, body: profileWith('undo.request.new@example.co.ke', TEST_PASSWORD) });
    const confirm = linkIn((await latestMail('undo.request.new@example.co.ke')).body, 'confirm-email');
    const undo = linkIn((await latestMail(email)).body, 'undo-email-change');
    assert.equal((await api.call('PUT', `/api/user/undo-email-change/${undo}`)).status, 200);
    assert.equal((await api.call('PUT', `/api/user/confirm-email/${confirm}`)).status, 400);
    assert.equal((await whoAmI(token)).status, 401);
  });
});

describe('password reset', () => {
  it('a reset kills every other reset link of the account', async () => {
    const email = 'two.links@example.co.ke';
    await api.signUp(email);
    await forgot(email);
    const first = linkIn((await latestMail(email)).body, 'reset-password');
    await forgot(email);
    const second = linkIn((await latestMail(email)).body, 'reset-password');
    assert.notEqual(first, second);
    assert.equal((await api.call('PUT', `/api/user/reset-password/${first}`, { body: { password: NEW_PASSWORD } })).status, 200);
    assert.equal((await api.call('PUT', `/api/user/reset-password/${second}`, { body: { password: 'Another-choice-2027' } })).status, 400);
    assert.equal((await login(email, NEW_PASSWORD)).status, 200);
  });

  it('reset mail keeps to the per-address cap, and an unknown address is answered the same', async () => {
    const email = 'flooded.inbox@example.co.ke';
    await api.signUp(email);
    await clearRateLimits(api.db);
    const strict = createApp({ db: api.db, config: { ...api.config, trustedProxyHops: 1, rateLimits: { ...api.config.rateLimits, mailsPerAddress: 5 } } });
    const before = (await mailsTo(email)).length;
    const ask = (address: string, i: number) =>
      strict.request('/api/user/forgot-password-token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i}` },
        body: JSON.stringify({ email: address }),
      });
    const known = [];
    const unknown = [];
    for (let i = 0; i < 8; i += 1) known.push((await ask(email, i)).status);
    for (let i = 0; i < 8; i += 1) unknown.push((await ask('nobody.flooded@example.co.ke', 100 + i)).status);
    assert.equal((await mailsTo(email)).length - before, 5);
    assert.deepEqual(known, [200, 200, 200, 200, 200, 429, 429, 429]);
    assert.deepEqual(unknown, known);
  });
});

describe('passwords', () => {
  const registration = (email: string, password: string) => ({ firstname: 'Baraka', lastname: 'Mutua', email, mobile: '712345678', password });

  it('refuses the most common passwords of 8 characters or more, in any letter case', async () => {
    for (const password of ['12345678', 'password1', 'PassWord1', 'iloveyou', 'qwertyuiop']) {
      const answer = await api.call('POST', '/api/user/register', { body: registration('common.password@example.co.ke', password) });
      assert.equal(answer.status, 400, password);
      assert.equal(await message(answer), COMMON_PASSWORD_MESSAGE);
    }
    const email = 'common.reset@example.co.ke';
    await api.signUp(email);
    await forgot(email);
    const reset = linkIn((await latestMail(email)).body, 'reset-password');
    const refused = await api.call('PUT', `/api/user/reset-password/${reset}`, { body: { password: 'sunshine' } });
    assert.equal(refused.status, 400);
    assert.equal(await message(refused), COMMON_PASSWORD_MESSAGE);
  });

  it('a signed-in customer changes the password with the current one, which ends the other sessions', async () => {
    const email = 'changes.password@example.co.ke';
    const { token } = await api.signUp(email);
    const other = await sessionOf(email);
    await forgot(email);
    const pendingReset = linkIn((await latestMail(email)).body, 'reset-password');
    const change = (body: unknown, session = token) => api.call('PUT', '/api/user/change-password', { token: session, body });

    const wrong = await change({ currentPassword: 'not-the-password', password: NEW_PASSWORD });
    assert.equal(wrong.status, 400);
    assert.equal(await message(wrong), 'Your current password is not correct.');
    assert.equal(await message(await change({ currentPassword: TEST_PASSWORD, password: 'football' })), COMMON_PASSWORD_MESSAGE);
    assert.equal((await change({ currentPassword: TEST_PASSWORD, password: 'short' })).status, 400);
    assert.equal((await api.call('PUT', '/api/user/change-password', { body: { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD } })).status, 401);

    const changed = await change({ currentPassword: TEST_PASSWORD, password: NEW_PASSWORD });
    assert.equal(changed.status, 200);
    assert.equal(await message(changed), 'Password updated successfully');
    assert.equal((await whoAmI(token)).status, 200);
    assert.equal((await whoAmI(other)).status, 401);
    assert.equal((await login(email)).status, 401);
    assert.equal((await login(email, NEW_PASSWORD)).status, 200);
    // A reset link asked for before is dead too.
    assert.equal((await api.call('PUT', `/api/user/reset-password/${pendingReset}`, { body: { password: 'Third-choice-2027' } })).status, 400);
  });
});

describe('failed logins slow guessing down without locking the owner out', () => {
  const strict = async (limits: Partial<RateLimits>) => {
    await clearRateLimits(api.db);
    return createApp({ db: api.db, config: { ...api.config, trustedProxyHops: 1, rateLimits: { ...api.config.rateLimits, ...limits } } });
  };
  const tryLogin = (app: ReturnType<typeof createApp>, email: string, password: string, source: string) =>
    app.request('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': source },
      body: JSON.stringify({ email, password }),
    });

  it("someone else's guesses from many addresses never lock the owner out; past the ceiling every try waits", async () => {
    const email = 'besieged.owner@example.co.ke';
    await api.signUp(email);
    const app = await strict({ loginPerPair: 3, loginPerAccount: 4, loginSlowdownMs: 400 });
    for (let i = 0; i < 12; i += 1) assert.equal((await tryLogin(app, email, 'wrong-guess-1', `203.0.113.${i}`)).status, 401);
    const started = Date.now();
    assert.equal((await tryLogin(app, email, TEST_PASSWORD, '198.51.100.1')).status, 200);
    assert.ok(Date.now() - started >= 400, 'the owner waits, and gets in');
  });

  it('stops one address guessing at one account, and only that pair', async () => {
    const email = 'one.source.guessed@example.co.ke';
    await api.signUp(email);
    const app = await strict({ loginPerPair: 3, loginPerAccount: 100 });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await tryLogin(app, email, 'wrong-guess-1', '192.0.2.77')).status);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
    assert.equal((await tryLogin(app, email, TEST_PASSWORD, '192.0.2.77')).status, 429);
    assert.equal((await tryLogin(app, email, TEST_PASSWORD, '192.0.2.78')).status, 200);
  });
});

describe('every public write is limited per source and per email address', () => {
  const strict = async () => {
    await clearRateLimits(api.db);
    return createApp({
      db: api.db,
      config: { ...api.config, trustedProxyHops: 1, rateLimits: { ...api.config.rateLimits, writesPerSource: 3, writesPerEmail: 2 } },
    });
  };
  let courseId: string;
  let eventId: string;
  before(async () => {
    courseId = ((await (await api.call('GET', '/api/course')).json()) as { _id: string }[])[0]!._id;
    eventId = bookable(((await (await api.call('GET', '/api/event')).json()) as { data: { _id: string; endDate: string }[] }).data)[0]!._id;
  });
  const contact = (email: string) => ({ name: 'Wekesa', email, phone: '712345678', contactMethod: 'Email' });
  const writes: Record<string, { path: string; body: (email: string) => unknown }> = {
    enquiry: { path: '/api/enquiry', body: (email) => ({ name: 'Wekesa', email, mobile: '712345678', comment: 'When is the next HACCP class?' }) },
    booking: { path: '/requests/booking', body: (email) => ({ contactDetails: contact(email), event: { id: eventId } }) },
    'call request': { path: '/requests/course-request', body: (email) => ({ contactDetails: contact(email), course: { id: courseId } }) },
    newsletter: { path: '/api/user/subscribe/newsletter', body: (email) => ({ email }) },
    registration: {
      path: '/api/user/register',
      body: (email) => ({ firstname: 'Wekesa', lastname: 'Wafula', email, mobile: '712345678', password: TEST_PASSWORD }),
    },
  };

  for (const [name, write] of Object.entries(writes)) {
    it(`${name}: per source, then per email address`, async () => {
      const app = await strict();
      const post = (body: unknown, source: string) =>
        app.request(write.path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': source },
          body: JSON.stringify(body),
        });
      const slug = name.replace(' ', '-');
      const fromOneSource = [];
      for (let i = 0; i < 4; i += 1) fromOneSource.push((await post(write.body(`${slug}.${i}@example.co.ke`), '203.0.113.9')).status);
      assert.deepEqual(fromOneSource, [200, 200, 200, 429]);
      const limited = await post(write.body(`${slug}.late@example.co.ke`), '203.0.113.9');
      assert.equal(await message(limited), 'Too many attempts. Please wait a few minutes and try again.');
      assert.ok(Number(limited.headers.get('Retry-After')) > 0);

      const toOneEmail = [];
      for (let i = 0; i < 3; i += 1) toOneEmail.push((await post(write.body(`${slug}.same@example.co.ke`), `198.51.100.${i}`)).status);
      assert.deepEqual(toOneEmail.slice(-1), [429]);
    });
  }

  it("newsletter: still the spec's answer for a known email, until the limit", async () => {
    const app = await strict();
    const subscribe = (source: string) =>
      app.request('/api/user/subscribe/newsletter', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': source },
        body: JSON.stringify({ email: 'known.reader@example.co.ke' }),
      });
    assert.equal((await subscribe('192.0.2.1')).status, 200);
    const again = await subscribe('192.0.2.2');
    assert.equal(again.status, 400);
    assert.equal(await message(again), NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE);
    assert.equal((await subscribe('192.0.2.3')).status, 429);
  });
});

describe('personal data is never cached', () => {
  it('every answer under /api/user carries Cache-Control: no-store', async () => {
    const email = 'no.store@example.co.ke';
    const { token } = await api.signUp(email);
    const answers = [
      await login(email),
      await whoAmI(token),
      await api.call('GET', '/api/user/cart', { token }),
      await api.call('GET', '/api/user/get-address', { token }),
      await api.call('GET', '/api/user/getmyorders', { token }),
      await api.call('GET', '/api/user/wishlist', { token }),
      await api.call('PUT', '/api/user/edit-user', { token, body: profileWith(email) }),
      await whoAmI('not-a-token'),
    ];
    for (const answer of answers) assert.equal(answer.headers.get('Cache-Control'), 'no-store', answer.url);
  });
});

describe('customer sessions end when idle as well as at their absolute limit', () => {
  it('a session unused for longer than the idle limit is refused; use keeps it alive', async () => {
    const email = 'idle.customer@example.co.ke';
    const { token: idle } = await api.signUp(email);
    const active = await sessionOf(email);
    const idleSeconds = api.config.sessionIdleSeconds;
    await api.db.query(`UPDATE sessions SET last_seen_at = now() - $2 * interval '1 second' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`, [
      email,
      idleSeconds + 5,
    ]);
    assert.equal((await whoAmI(idle)).status, 401);
    assert.equal((await whoAmI(active)).status, 401);

    const fresh = await sessionOf(email);
    await api.db.query(`UPDATE sessions SET last_seen_at = now() - $2 * interval '1 second' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`, [
      email,
      idleSeconds - 60,
    ]);
    assert.equal((await whoAmI(fresh)).status, 200);
    const [seen] = await api.db.query<{ idle: number }>(
      'SELECT extract(epoch FROM now() - max(last_seen_at))::int AS idle FROM sessions WHERE revoked_at IS NULL AND customer_id = (SELECT id FROM customers WHERE email = $1)',
      [email],
    );
    assert.ok(seen!.idle < 5, 'the answer renewed the idle limit');
  });
});

describe('production start', () => {
  it('refuses to start without SMTP_URL unless mail to the terminal is asked for', () => {
    assert.throws(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }), /SMTP_URL.*MAIL_TO_TERMINAL=on/s);
    assert.equal(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_TO_TERMINAL: 'on' }).smtpUrl, null);
    assert.equal(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtp://relay.internal:25' }).smtpUrl, 'smtp://relay.internal:25');
    // Development and the tests print or keep mail as before.
    assert.doesNotThrow(() => readConfig({ JWT_SECRET: SECRET }));
  });

  it('creates the data directory for its owner alone: folders 0700, files 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'agri-data-'));
    const dataDir = join(parent, 'data');
    try {
      const db = await openDatabase({ ...api.config, databaseUrl: null, dataDir });
      await db.query("INSERT INTO newsletter_subscribers (email) VALUES ('mode.check@example.co.ke')");
      await db.close();
      const loose: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          const mode = statSync(path).mode & 0o777;
          if (entry.isDirectory()) {
            if (mode !== 0o700) loose.push(`${path} ${mode.toString(8)}`);
            walk(path);
          } else if (mode !== 0o600) loose.push(`${path} ${mode.toString(8)}`);
        }
      };
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      walk(dataDir);
      assert.deepEqual(loose, []);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
