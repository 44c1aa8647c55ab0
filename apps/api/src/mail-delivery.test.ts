import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Queryable } from './db/db';
import type { LogFields, Logger } from './log';
import { createMailer, type Mailer, type SmtpTuning } from './mail';
import { createServices } from './services';
import { inviteStaff, resetSecondFactor } from './staff/invitations';
import { createLeadNotifier } from './staff/lead-notifier';
import { startTestApi, TEST_PASSWORD, type TestApi } from './test-support';

const fixture = (name: string) => readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'utf8');
const key = fixture('smtp-test.key');
const cert = fixture('smtp-test.crt');
const USER = 'site-mailer';
// Characters that must be percent-encoded in the URL, to check they are decoded before AUTH.
const PASS = 'p@ss/wörd: 1';
const FROM = 'Mavuno Agri-Food <no-reply@mavuno.test>';

interface Received {
  mail: ParsedMail;
  /** The message as it crossed the wire. */
  raw: string;
  rcptTo: string[];
}

interface TestSmtp {
  url(options?: { scheme?: 'smtp' | 'smtps'; credentials?: boolean }): string;
  received: Received[];
  /** Whether the connection was encrypted, at each AUTH the server saw. */
  authSecure: boolean[];
  /** Connections opened: one per attempt. */
  connections: number;
  close(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** A real SMTP server (smtp-server) with STARTTLS and AUTH required, unless `options` say otherwise. */
async function startSmtp(options: Partial<SMTPServerOptions> = {}): Promise<TestSmtp> {
  const smtp: TestSmtp = { received: [], authSecure: [], connections: 0, url: () => '', close: async () => {} };
  const server = new SMTPServer({
    key,
    cert,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    // It takes AUTH before STARTTLS too, so a client that sends a password in the clear is seen doing it.
    allowInsecureAuth: true,
    onConnect: (_session, callback) => {
      smtp.connections++;
      callback();
    },
    onAuth(auth, session, callback) {
      smtp.authSecure.push(session.secure);
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(smtpError(535, 'Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((mail) => {
          smtp.received.push({ mail, raw: raw.toString('utf8'), rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
          callback();
        }, callback);
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  smtp.url = ({ scheme = 'smtp', credentials = true } = {}) => `${scheme}://${credentials ? `${USER}:${encodeURIComponent(PASS)}@` : ''}127.0.0.1:${port}`;
  smtp.close = () => new Promise((resolve) => server.close(resolve));
  return smtp;
}

/** A server that takes connections and never says a word. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://${USER}:pass@127.0.0.1:${port}`,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

type LogLine = [level: 'info' | 'warn' | 'error', message: string, fields: LogFields];
const recordingLog = (): Logger & { lines: LogLine[] } => {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (message, fields = {}) => void lines.push(['info', message, fields]),
    warn: (message, fields = {}) => void lines.push(['warn', message, fields]),
    error: (message, fields = {}) => void lines.push(['error', message, fields]),
  };
};
const messages = (log: { lines: LogLine[] }) => log.lines.map(([level, message]) => `${level}: ${message}`);

/** Short pauses between attempts, and the test server's certificate trusted, unless `tuning` says otherwise. */
const TEST_TUNING: SmtpTuning = { ca: cert, retryDelaysMs: [10, 20] };
// The database holds the outbox, which a mailer that sends by SMTP never touches.
const mailerTo = (url: string, log: Logger = recordingLog(), tuning: SmtpTuning = {}, from = FROM, db = {} as Queryable): Mailer =>
  createMailer(db, { smtpUrl: url, from, testOutbox: false, log, smtp: { ...TEST_TUNING, ...tuning } });

/** The mail arrived as one message to `to`, with the headers every mail needs. */
function assertDelivered(received: Received, to: string, subject: string): void {
  const { mail } = received;
  assert.deepEqual(received.rcptTo, [to]);
  assert.deepEqual(
    mail.from?.value.map(({ name, address }) => ({ name, address })),
    [{ name: 'Mavuno Agri-Food', address: 'no-reply@mavuno.test' }],
  );
  assert.deepEqual(
    (mail.to as AddressObject | undefined)?.value.map(({ address }) => address),
    [to],
  );
  assert.equal(mail.subject, subject);
  assert.ok(mail.headers.get('date') instanceof Date, 'a Date header');
  assert.match(mail.messageId ?? '', /^<[^<>@\s]+@mavuno\.test>$/, "a Message-ID on the sender's domain");
  assert.equal((mail.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.charset, 'utf-8');
}

describe('the mailer and a real SMTP server', () => {
  let smtp: TestSmtp;
  before(async () => (smtp = await startSmtp()));
  after(() => smtp.close());

  it('smtp:// with credentials: STARTTLS before AUTH, then a mail with From, To, Subject, Date and Message-ID', async () => {
    const before = smtp.received.length;
    await mailerTo(smtp.url()).send({ to: 'amina@example.co.ke', subject: 'Your receipt', text: 'Asante!' });
    assert.deepEqual(smtp.authSecure.slice(-1), [true]);
    assertDelivered(smtp.received[before]!, 'amina@example.co.ke', 'Your receipt');
    assert.equal(smtp.received[before]!.mail.text?.trim(), 'Asante!');
  });

  it('a subject and a name in Swahili with emoji arrive intact, in headers of plain ASCII', async () => {
    const from = 'Wanjikũ Njeri 🌱 <wanjiku@mavuno.test>';
    const subject = 'Karibu Shamba — mafunzo ya kilimo 🌱';
    await mailerTo(smtp.url(), recordingLog(), {}, from).send({ to: 'Baraka@example.co.ke', subject, text: 'Habari Wanjikũ! 🌱🐄' });
    const { mail, raw } = smtp.received.at(-1)!;
    assert.equal(mail.subject, subject);
    assert.equal(mail.from?.value[0]?.name, 'Wanjikũ Njeri 🌱');
    assert.equal(mail.text?.trim(), 'Habari Wanjikũ! 🌱🐄');
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    assert.match(headers, /^[\x20-\x7e\r\n\t]*$/, 'every header encoded (RFC 2047), so no server mangles it');
  });

  it('a subject with CR/LF in it stays one header: nothing is added to the message or the envelope', async () => {
    await mailerTo(smtp.url()).send({ to: 'amina@example.co.ke', subject: 'Receipt\r\nBcc: victim@example.com\r\nX-Injected: yes', text: 'x' });
    const { mail, rcptTo } = smtp.received.at(-1)!;
    assert.equal(mail.headers.has('x-injected'), false);
    assert.equal(mail.headers.has('bcc'), false);
    assert.deepEqual(rcptTo, ['amina@example.co.ke']);
    assert.match(mail.subject ?? '', /^Receipt\s+Bcc: victim@example\.com\s+X-Injected: yes$/);
  });

  it('smtps:// is TLS from the first byte', async () => {
    const secure = await startSmtp({ secure: true });
    try {
      await mailerTo(secure.url({ scheme: 'smtps' })).send({ to: 'amina@example.co.ke', subject: 'Over TLS', text: 'x' });
      assert.deepEqual(secure.authSecure, [true]);
      assertDelivered(secure.received[0]!, 'amina@example.co.ke', 'Over TLS');
    } finally {
      await secure.close();
    }
  });

  it('a local relay on plain smtp:// without credentials takes the mail without AUTH', async () => {
    const relay = await startSmtp({ authOptional: true, disabledCommands: ['STARTTLS'] });
    try {
      await mailerTo(relay.url({ credentials: false })).send({ to: 'amina@example.co.ke', subject: 'Relayed', text: 'x' });
      assert.deepEqual(relay.authSecure, []);
      assertDelivered(relay.received[0]!, 'amina@example.co.ke', 'Relayed');
    } finally {
      await relay.close();
    }
  });
});

describe('credentials never travel without TLS', () => {
  it('a server that offers no STARTTLS never sees them: the send fails, once, and is logged', async () => {
    const plain = await startSmtp({ disabledCommands: ['STARTTLS'] });
    const log = recordingLog();
    try {
      await assert.rejects(mailerTo(plain.url(), log).send({ to: 'amina@example.co.ke', subject: 'x', text: 'x' }));
      assert.deepEqual(plain.authSecure, [], 'no AUTH reached the server');
      assert.deepEqual(plain.received, []);
      assert.equal(plain.connections, 1, 'not tried again: waiting does not make the connection safe');
      assert.deepEqual(messages(log), ['error: mail not sent']);
    } finally {
      await plain.close();
    }
  });

  it('a server whose certificate is not trusted never sees them', async () => {
    const smtp = await startSmtp();
    try {
      await assert.rejects(mailerTo(smtp.url(), recordingLog(), { ca: undefined }).send({ to: 'amina@example.co.ke', subject: 'x', text: 'x' }));
      assert.deepEqual(smtp.authSecure, []);
      assert.deepEqual(smtp.received, []);
    } finally {
      await smtp.close();
    }
  });
});

describe('a server that fails for now is tried again; one that refuses for good is not', () => {
  for (const [code, where] of [
    [421, 'at the greeting'],
    [451, 'at the recipient'],
  ] as const) {
    it(`${code} ${where} once, then accepted: delivered once, the retry logged`, async () => {
      let refused = false;
      const refuseOnce = (callback: (error?: Error) => void) => {
        if (refused) return callback();
        refused = true;
        callback(smtpError(code, 'Try again later'));
      };
      const busy = await startSmtp(
        code === 421 ? { onConnect: (_session, callback) => refuseOnce(callback) } : { onRcptTo: (_address, _session, callback) => refuseOnce(callback) },
      );
      const log = recordingLog();
      try {
        await mailerTo(busy.url(), log).send({ to: 'amina@example.co.ke', subject: 'Your code', text: '123456' });
        assert.equal(busy.received.length, 1);
        assertDelivered(busy.received[0]!, 'amina@example.co.ke', 'Your code');
        assert.deepEqual(messages(log), ['warn: mail not sent, trying again']);
        assert.equal(log.lines[0]![2].responseCode, code);
      } finally {
        await busy.close();
      }
    });
  }

  it('a 550 refusal: one attempt, logged as failed', async () => {
    const refusing = await startSmtp({ onRcptTo: (_address, _session, callback) => callback(smtpError(550, 'No such user')) });
    const log = recordingLog();
    try {
      await assert.rejects(mailerTo(refusing.url(), log).send({ to: 'nobody@example.co.ke', subject: 'x', text: 'x' }), { responseCode: 550 });
      assert.equal(refusing.connections, 1);
      assert.deepEqual(messages(log), ['error: mail not sent']);
    } finally {
      await refusing.close();
    }
  });

  it('a server that never greets: each attempt times out, is tried again, then logged as failed', async () => {
    const silent = await startSilentServer();
    const log = recordingLog();
    try {
      await assert.rejects(mailerTo(silent.url, log, { timeoutMs: 200 }).send({ to: 'amina@example.co.ke', subject: 'x', text: 'x' }), { code: 'ETIMEDOUT' });
      assert.deepEqual(messages(log), ['warn: mail not sent, trying again', 'error: mail not sent']);
    } finally {
      await silent.close();
    }
  });

  it('nobody listening: tried three times, then logged as failed', async () => {
    const gone = await startSmtp();
    const url = gone.url();
    await gone.close();
    const log = recordingLog();
    await assert.rejects(mailerTo(url, log).send({ to: 'amina@example.co.ke', subject: 'x', text: 'x' }));
    assert.deepEqual(messages(log), ['warn: mail not sent, trying again', 'warn: mail not sent, trying again', 'error: mail not sent']);
  });
});

describe('every mail the API sends arrives through STARTTLS and AUTH, with its headers', () => {
  let smtp: TestSmtp;
  let api: TestApi;
  let mailer: Mailer;
  before(async () => {
    smtp = await startSmtp();
    api = await startTestApi({ TEST_MAIL_OUTBOX: 'off', MAIL_FROM: FROM }, (db) => (mailer = mailerTo(smtp.url(), recordingLog(), {}, FROM, db)));
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });

  /** The last mail to `to`, checked for the headers every mail needs. */
  const mailTo = (to: string, subject: string): string => {
    const received = [...smtp.received].reverse().find((mail) => mail.rcptTo.includes(to));
    assert.ok(received, `a mail to ${to}`);
    assertDelivered(received, to, subject);
    assert.deepEqual(
      smtp.authSecure,
      smtp.received.map(() => true),
      'each mail authenticated once, after STARTTLS',
    );
    return received.mail.text ?? '';
  };
  const linkIn = (text: string, path: string) => {
    const token = text.match(new RegExp(`/${path}/([\\w-]+)`))?.[1];
    assert.ok(token, `a ${path} link`);
    return token;
  };
  const ok = async (response: Promise<Response>) => {
    const answer = await response;
    assert.equal(answer.status, 200, await answer.clone().text());
    return answer;
  };
  const registration = (email: string) => ({ firstname: 'Wanjikũ', lastname: 'Njeri', email, mobile: '712345678', password: TEST_PASSWORD });

  /** Registers with the code the mail brought, and logs in. */
  async function signUp(email: string): Promise<string> {
    const registrationToken = await api.register(registration(email));
    const text = mailTo(email, 'Your verification code');
    assert.match(text, /^Hello Wanjikũ,/);
    const otp = text.match(/\b(\d{6})\b/)?.[1];
    await ok(api.call('POST', '/api/user/verify-otp', { token: registrationToken, body: { email, otp } }));
    const login = await ok(api.call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } }));
    return ((await login.json()) as { token: string }).token;
  }

  it('registration: the code (which then works), and the notice to the owner of an address already registered', async () => {
    await signUp('wanjiku@shamba.test');
    await api.register(registration('wanjiku@shamba.test'));
    mailTo('wanjiku@shamba.test', 'Someone tried to register with your email');
  });

  it('a forgotten password: the reset link, which then works', async () => {
    await signUp('baraka@shamba.test');
    await ok(api.call('POST', '/api/user/forgot-password-token', { body: { email: 'baraka@shamba.test' } }));
    const token = linkIn(mailTo('baraka@shamba.test', 'Reset your password'), 'reset-password');
    await ok(api.call('PUT', `/api/user/reset-password/${token}`, { body: { password: 'Mavuno-2026-new-one' } }));
  });

  it('an email change: the notices to the old address with their undo links, the confirmation link to the new', async () => {
    const token = await signUp('chebet@shamba.test');
    const profile = { ...registration('chebet-new@shamba.test'), password: undefined, currentPassword: TEST_PASSWORD };
    await ok(api.call('PUT', '/api/user/edit-user', { token, body: profile }));
    linkIn(mailTo('chebet@shamba.test', 'Someone asked to change the email of your account'), 'undo-email-change');
    const confirm = linkIn(mailTo('chebet-new@shamba.test', 'Confirm your new email address'), 'confirm-email');
    await ok(api.call('PUT', `/api/user/confirm-email/${confirm}`));
    const undo = linkIn(mailTo('chebet@shamba.test', 'The email of your account was changed'), 'undo-email-change');
    await ok(api.call('PUT', `/api/user/undo-email-change/${undo}`));
  });

  it('an email change to an address that has an account: its owner is told', async () => {
    const token = await signUp('dalmas@shamba.test');
    const profile = { ...registration('wanjiku@shamba.test'), password: undefined, currentPassword: TEST_PASSWORD };
    await ok(api.call('PUT', '/api/user/edit-user', { token, body: profile }));
    mailTo('wanjiku@shamba.test', 'Someone tried to use your email address');
  });

  it('a staff invitation, and the new one a second-factor reset sends', async () => {
    const services = createServices(api.db, api.config, mailer);
    const member = await inviteStaff(services, { id: null, email: 'test' }, 'esther@mavuno.test', 'staff');
    linkIn(mailTo('esther@mavuno.test', 'You are invited to the Mavuno back office'), 'staff/invitation');
    const admin = await inviteStaff(services, { id: null, email: 'test' }, 'admin@mavuno.test', 'admin');
    await resetSecondFactor(services, { id: admin.id, email: admin.email, role: 'admin', sessionId: 'test' }, member.id);
    linkIn(mailTo('esther@mavuno.test', 'Set up your Mavuno back office sign-in again'), 'staff/invitation');
  });

  it("lead notifications and the digest, a visitor's Swahili name and emoji intact in the subject", async () => {
    await api.db.query('UPDATE leads SET notified_at = now()');
    for (const name of ['Wanjikũ Njeri 🌱', 'Amina', 'Baraka']) {
      const body = { name, email: 'visitor@example.co.ke', mobile: '712345678', comment: 'Mafunzo ya kilimo 🐄' };
      await ok(api.call('POST', '/api/enquiry', { body }));
    }
    const log = recordingLog();
    await createLeadNotifier(
      api.db,
      mailer,
      { staff: { ...api.config.staff, notifyEmails: ['office@mavuno.test'], notifyPerMinute: 2 }, siteUrl: 'http://site.test' },
      log,
    ).tick();
    assert.deepEqual(messages(log), []);
    const [single, digest] = smtp.received.slice(-2);
    assertDelivered(single!, 'office@mavuno.test', 'New enquiry: Wanjikũ Njeri 🌱');
    assert.match(single!.mail.text ?? '', /Mafunzo ya kilimo 🐄/);
    assertDelivered(digest!, 'office@mavuno.test', '2 new leads');
  });
});

describe('when the mail server fails, nothing the visitor did is lost', () => {
  let refusing = false;
  let smtp: TestSmtp;
  let api: TestApi;
  const mailLog = recordingLog();
  before(async () => {
    smtp = await startSmtp({ onRcptTo: (_address, _session, callback) => callback(refusing ? smtpError(451, 'Try again later') : undefined) });
    // The app's own log would print the failed request's stack: the mailer's log is the one looked at.
    api = await startTestApi({ TEST_MAIL_OUTBOX: 'off', MAIL_FROM: FROM, LOG_LEVEL: 'silent' }, (db) => mailerTo(smtp.url(), mailLog, {}, FROM, db));
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });

  it('a lead whose notification timed out stays waiting, and is mailed on a later tick', async () => {
    const body = { name: 'Wanjikũ Njeri', email: 'wanjiku@example.co.ke', mobile: '712345678', comment: 'Training for our cooperative' };
    assert.equal((await api.call('POST', '/api/enquiry', { body })).status, 200, 'the visitor is answered whatever the mail server does');
    const silent = await startSilentServer();
    const staff = { ...api.config.staff, notifyEmails: ['office@mavuno.test'] };
    const log = recordingLog();
    try {
      await createLeadNotifier(api.db, mailerTo(silent.url, log, { timeoutMs: 200 }), { staff, siteUrl: 'http://site.test' }, log).tick();
    } finally {
      await silent.close();
    }
    assert.deepEqual(messages(log), ['warn: mail not sent, trying again', 'error: mail not sent', 'warn: lead notification failed']);
    assert.equal((await api.db.query('SELECT 1 FROM leads WHERE notified_at IS NULL')).length, 1);
    await createLeadNotifier(api.db, mailerTo(smtp.url()), { staff, siteUrl: 'http://site.test' }, log).tick();
    assert.equal(smtp.received.at(-1)?.mail.subject, 'New enquiry: Wanjikũ Njeri');
    assert.equal((await api.db.query('SELECT 1 FROM leads WHERE notified_at IS NULL')).length, 0);
  });

  it('a registration whose code cannot be mailed is answered an error (the form keeps what was typed), and goes through once mail works', async () => {
    const registration = { firstname: 'Amina', lastname: 'Odhiambo', email: 'amina@shamba.test', mobile: '712345678', password: TEST_PASSWORD };
    refusing = true;
    const refused = await api.call('POST', '/api/user/register', { body: registration });
    refusing = false;
    assert.equal(refused.status, 500);
    assert.deepEqual(messages(mailLog), ['warn: mail not sent, trying again', 'warn: mail not sent, trying again', 'error: mail not sent']);
    assert.equal((await api.db.query('SELECT 1 FROM registration_attempts')).length, 0, 'no attempt waits for a code that never left');
    const registrationToken = await api.register(registration);
    const otp = smtp.received.at(-1)?.mail.text?.match(/\b(\d{6})\b/)?.[1];
    const verified = await api.call('POST', '/api/user/verify-otp', { token: registrationToken, body: { email: registration.email, otp } });
    assert.equal(verified.status, 200);
  });
});
