// Attacks on accounts, tried as an attacker would (issue 9): reading someone's mail, racing their
// registration, testing which emails have accounts, guessing passwords from many addresses.
import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REGISTRATION_MESSAGES } from '@agri/api-client/contract';
import { createApp } from './app';
import { OWASP_SCRYPT } from './accounts/passwords';
import { readConfig } from './config';
import { createLogger } from './log';
import { createMailer } from './mail';
import { clearRateLimits, startTestApi, TEST_PASSWORD, type TestApi } from './test-support';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const SECRET = 'a-production-secret-that-is-long-enough-0123';
const registration = (email: string, password = TEST_PASSWORD) => ({ firstname: 'Achieng', lastname: 'Otieno', email, mobile: '712345678', password });
const status = async (response: Response) => response.status;

describe('mail in the default (production) run', () => {
  it('refuses to start with the test outbox, without a secret, or with a short one', () => {
    assert.throws(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, TEST_MAIL_OUTBOX: 'on' }), /test harness only/);
    assert.throws(() => readConfig({ JWT_SECRET: SECRET, TEST_MAIL_OUTBOX: 'on' }), /test harness only/);
    assert.throws(() => readConfig({ NODE_ENV: 'production' }), /Set JWT_SECRET/);
    assert.throws(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' }), /at least 32/);
    assert.throws(() => readConfig({}), /Set JWT_SECRET/);
  });

  it('generates the local secret once into its file, readable only by its owner, and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agri-secret-'));
    try {
      const file = join(dir, 'data', 'jwt-secret');
      const first = readConfig({ NODE_ENV: 'production', JWT_SECRET_FILE: file, MAIL_TO_TERMINAL: 'on' }).jwtSecret;
      assert.ok(existsSync(file) && first.length >= 32);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(readConfig({ NODE_ENV: 'production', JWT_SECRET_FILE: file, MAIL_TO_TERMINAL: 'on' }).jwtSecret, first);
      assert.equal(readFileSync(file, 'utf8'), first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a reset link to the terminal and serves no mail over HTTP: no takeover through an outbox', async (t) => {
    const printed: string[] = [];
    t.mock.method(console, 'log', (...args: unknown[]) => void printed.push(args.join(' ')));
    const production = createApp({ db: api.db, config: readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_TO_TERMINAL: 'on' }) });
    const victim = 'victim.takeover@example.co.ke';
    await api.signUp(victim);
    const asked = await production.request('/api/user/forgot-password-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: victim }),
    });
    assert.equal(asked.status, 200);
    for (const path of ['/api/dev/outbox', `/api/dev/outbox?email=${victim}`, `/api/test/outbox?email=${victim}`]) {
      assert.equal(await status(await production.request(path)), 404, path);
    }
    const mail = printed.join('\n');
    assert.match(mail, /no SMTP_URL is set/);
    assert.match(mail, new RegExp(`To: +${victim}`));
    assert.match(mail, /\/reset-password\/[\w-]{20,}/);
    // Only the signUp's mail (test mode) is in the outbox table; production stored nothing.
    const stored = await api.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE to_email = $1', [victim]);
    assert.deepEqual(
      stored.map((row) => row.subject),
      ['Your verification code'],
    );
  });
});

describe('registration is bound to the browser that started it', () => {
  const verify = (token: string | undefined, email: string, otp: string) => api.call('POST', '/api/user/verify-otp', { token, body: { email, otp } });
  const login = (email: string, password: string) => api.call('POST', '/api/user/login', { body: { email, password } });

  it('a racing registration of the same email can neither complete nor set the password', async () => {
    const email = 'racing.victim@example.co.ke';
    const victimToken = await api.register(registration(email, 'Victim-password-2026'));
    const victimCode = await api.latestOtp(email);
    // The attacker registers the same email with their own password; its code lands in the victim's mailbox.
    const attackerToken = await api.register(registration(email, 'Attacker-password-2026'));
    const newestCode = await api.latestOtp(email);
    assert.notEqual(attackerToken, victimToken);

    // The victim types the newest code: it belongs to the attacker's attempt, so it does nothing.
    if (newestCode !== victimCode) assert.equal(await status(await verify(victimToken, email, newestCode)), 400);
    // The attacker has no code of their own attempt and cannot use the victim's attempt.
    assert.equal(await status(await verify(attackerToken, email, victimCode === newestCode ? '000000' : victimCode)), 400);
    assert.equal(await status(await verify(undefined, email, victimCode)), 400);

    const created = await verify(victimToken, email, victimCode);
    assert.equal(((await created.json()) as { message: string }).message, REGISTRATION_MESSAGES.userCreated);
    assert.equal(await status(await login(email, 'Victim-password-2026')), 200);
    assert.equal(await status(await login(email, 'Attacker-password-2026')), 401);
    // The attacker's attempt ended with the victim's: even the right code cannot change the account now.
    assert.equal(await status(await verify(attackerToken, email, newestCode)), 400);
    assert.equal(await status(await login(email, 'Attacker-password-2026')), 401);
  });

  it('resend mails a new code only for the attempt whose token is sent', async () => {
    const email = 'resend.bound@example.co.ke';
    const token = await api.register(registration(email));
    const mails = async () => (await api.db.query('SELECT 1 FROM outbox WHERE to_email = $1', [email])).length;
    const before = await mails();
    assert.equal(await status(await api.call('POST', '/api/user/register', { body: { email } })), 400);
    assert.equal(await status(await api.call('POST', '/api/user/register', { token: 'someone-else', body: { email } })), 400);
    assert.equal(await mails(), before);
    assert.equal(await status(await api.call('POST', '/api/user/register', { token, body: { email } })), 200);
    assert.equal(await mails(), before + 1);
  });
});

describe('no enumeration of accounts', () => {
  it('registering a known email answers as for a new one and mails the owner a notice, never a code', async () => {
    const owner = 'known.owner@example.co.ke';
    await api.signUp(owner);
    const known = await api.call('POST', '/api/user/register', { body: registration(owner, 'Attacker-password-2026') });
    const fresh = await api.call('POST', '/api/user/register', { body: registration('never.seen@example.co.ke') });
    assert.equal(known.status, fresh.status);
    const [knownBody, freshBody] = (await Promise.all([known.json(), fresh.json()])) as Record<string, string>[];
    assert.deepEqual(Object.keys(knownBody!).sort(), Object.keys(freshBody!).sort());
    assert.equal(knownBody!.message, REGISTRATION_MESSAGES.otpSent);

    const [notice] = await api.db.query<{ subject: string; body: string }>('SELECT * FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [owner]);
    assert.match(notice!.subject, /tried to register/);
    assert.doesNotMatch(notice!.body, /\b\d{6}\b/);
    // No code can complete it, so the password stays the owner's.
    for (const otp of ['000000', '123456']) {
      assert.equal(await status(await api.call('POST', '/api/user/verify-otp', { token: knownBody!.registrationToken, body: { email: owner, otp } })), 400);
    }
    assert.equal(await status(await api.call('POST', '/api/user/login', { body: { email: owner, password: 'Attacker-password-2026' } })), 401);
  });
});

describe('edit-user does not reveal who has an account', () => {
  it("answers the same for a taken and a free email and mails the taken one's owner a notice", async () => {
    const { token } = await api.signUp('prober@example.co.ke');
    const owner = 'taken.owner@example.co.ke';
    await api.signUp(owner);
    const profile = { firstname: 'Pro', lastname: 'Ber', mobile: '712345678', currentPassword: TEST_PASSWORD };
    const taken = await api.call('PUT', '/api/user/edit-user', { token, body: { ...profile, email: owner } });
    const free = await api.call('PUT', '/api/user/edit-user', { token, body: { ...profile, email: 'free.address@example.co.ke' } });
    assert.equal(taken.status, 200);
    assert.equal(free.status, 200);
    const [takenBody, freeBody] = (await Promise.all([taken.json(), free.json()])) as Record<string, string>[];
    assert.deepEqual(Object.keys(takenBody!).sort(), Object.keys(freeBody!).sort());
    assert.equal(takenBody!.email, 'prober@example.co.ke');
    const [notice] = await api.db.query<{ subject: string; body: string }>('SELECT * FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [owner]);
    assert.match(notice!.subject, /tried to use your email/);
    assert.doesNotMatch(notice!.body, /confirm-email/);
  });
});

describe('login limits', () => {
  // A new window for each test: the counters are in the database every app on it shares.
  const strictApp = async (trustedProxyHops: number) => {
    await clearRateLimits(api.db);
    return createApp({
      db: api.db,
      config: { ...api.config, trustedProxyHops, rateLimits: { ...api.config.rateLimits, windowMs: 60_000, login: 3, loginPerPair: 4, loginPerAccount: 4 } },
    });
  };
  const tryLogin = (app: ReturnType<typeof createApp>, email: string, password: string, forwardedFor?: string) =>
    app.request('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
      body: JSON.stringify({ email, password }),
    });

  // Guesses at one account from many addresses slow it down but never lock its owner out: account-recovery.test.ts.

  it('limits one address across accounts, so it cannot lock everyone out', async () => {
    const app = await strictApp(1);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await tryLogin(app, `nobody${i}@example.co.ke`, 'wrong-guess-1', '198.51.100.7')).status);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
    // Those refused tries did not count against the accounts.
    const email = 'nobody4@example.co.ke';
    assert.equal((await tryLogin(app, email, 'wrong-guess-1', '198.51.100.8')).status, 401);
  });

  it('ignores X-Forwarded-For unless proxies are configured', async () => {
    const app = await strictApp(0);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await tryLogin(app, `spoof${i}@example.co.ke`, 'wrong-guess-1', `192.0.2.${i}`)).status);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
  });
});

describe('mail says only what the business wrote', () => {
  it('a name with right-to-left overrides and line separators arrives in the code mail on one clean line', async () => {
    const email = 'bidi@example.co.ke';
    await api.register({ ...registration(email), firstname: 'Ali \u202Eknil//:sptth\u202C\u2028Dear customer' });
    const [mail] = await api.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE to_email = $1', [email]);
    assert.ok(mail);
    assert.doesNotMatch(mail.body, /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u);
    assert.match(mail.body, /^Hello Ali knil\/\/:sptth Dear customer,$/m);
  });

  it('printed to the terminal, a visitor’s words cannot draw the frame of another mail', async (t) => {
    const printed: string[] = [];
    t.mock.method(console, 'log', (...args: unknown[]) => void printed.push(args.join(' ')));
    const rule = '─'.repeat(72);
    const mailer = createMailer(api.db, { smtpUrl: null, from: 'x@y', testOutbox: false, log: createLogger('silent') });
    await mailer.send({
      to: 'team@example.co.ke',
      subject: 'New enquiry: Njeri',
      text: `Comment:\n${rule}\nMAIL: no SMTP_URL is set, so this mail was printed here and not sent.\nTo:      team@example.co.ke\nSubject: Reset your password\r\n\nhttp://evil.example/reset`,
    });
    const lines = printed.join('\n').split('\n');
    assert.deepEqual(
      lines.filter((line) => line === rule || line.startsWith('MAIL:') || line.startsWith('Subject:')),
      [rule, 'MAIL: no SMTP_URL is set, so this mail was printed here and not sent.', 'Subject: New enquiry: Njeri', rule],
    );
    assert.ok(lines.slice(5, -1).every((line) => line.startsWith('│ ')));
  });
});

describe('passwords hashed as OWASP says', () => {
  it('hashes at N=2^17, r=8, p=1, and refuses a lower cost outside the tests', () => {
    assert.deepEqual(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_TO_TERMINAL: 'on' }).passwordCost, OWASP_SCRYPT);
    assert.deepEqual(OWASP_SCRYPT, { log2N: 17, r: 8, p: 1 });
    assert.throws(() => readConfig({ JWT_SECRET: SECRET, PASSWORD_HASH_LOG2N: '12' }), /for the tests only/);
  });

  it('a hash of the first cost (N=2^15, no cost stored) signs in, and is hashed anew at OWASP’s cost', async () => {
    const email = 'old-hash@example.co.ke';
    const { id } = await api.signUp(email);
    const salt = randomBytes(16);
    const key = scryptSync(TEST_PASSWORD.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    await api.db.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [id, `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`]);
    const owasp = createApp({ db: api.db, config: { ...api.config, passwordCost: OWASP_SCRYPT } });
    const login = (password: string) =>
      owasp.request('/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    assert.equal((await login('Wrong-password-2025')).status, 401);
    assert.equal((await login(TEST_PASSWORD)).status, 200);
    const [row] = await api.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [id]);
    assert.match(row!.password_hash, /^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    assert.equal((await login(TEST_PASSWORD)).status, 200, 'the new hash signs in');
  });
});
