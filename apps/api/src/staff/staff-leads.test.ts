import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventListResponseSchema, courseListSchema, type Course, type Event } from '@agri/api-client/contract';
import { leadDetailSchema, leadSchema, type Lead } from '@agri/api-client/staff-contract';
import { createLogger } from '../log';
import type { Mail, Mailer } from '../mail';
import { bookable, startTestApi, type TestApi } from '../test-support';
import { toCsv } from './csv';
import { createLeadNotifier } from './lead-notifier';
import { addStaff, type TestStaff } from './staff-test-support';

let api: TestApi;
let staff: TestStaff;
let admin: TestStaff;
let event: Event;
let course: Course;

const leads = async (query = ''): Promise<Lead[]> => {
  const response = await api.call('GET', `/api/staff/leads${query}`, { token: staff.token });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as unknown[]).map((lead) => leadSchema.parse(lead));
};
const contact = (name: string, email: string, contactMethod = 'WhatsApp') => ({ name, email, phone: '0712 345 678', contactMethod });

before(async () => {
  api = await startTestApi();
  staff = await addStaff(api);
  admin = await addStaff(api, 'admin');
  event = bookable(eventListResponseSchema.parse(await (await api.call('GET', '/api/event')).json()).data)[0]!;
  course = courseListSchema.parse(await (await api.call('GET', '/api/course')).json())[0]!;
  await api.call('POST', '/requests/booking', {
    body: { contactDetails: contact('Achieng Otieno', 'achieng@example.co.ke'), event: { id: event._id, price: 1 } },
  });
  await api.call('POST', '/requests/course-request', {
    body: { contactDetails: contact('Kiprop Rono', 'kiprop@example.co.ke', 'Email'), course: { id: course._id } },
  });
  await api.call('POST', '/api/enquiry', {
    body: { name: '=HYPERLINK("http://evil.test","Click")', email: 'mallory@example.co.ke', mobile: '+254700111222', comment: '@SUM(1+1)\nsecond line' },
  });
  await api.call('POST', '/api/user/subscribe/newsletter', { body: { email: 'reader@example.co.ke' } });
});
after(() => api.close());

describe('the leads inbox', () => {
  it('holds every booking, call request, enquiry and subscription, newest first', async () => {
    const inbox = await leads();
    assert.deepEqual(
      inbox.map((lead) => lead.kind),
      ['newsletter', 'enquiry', 'call-request', 'booking'],
    );
    assert.ok(inbox.every((lead) => lead.status === 'new'));
    assert.equal(inbox.find((lead) => lead.kind === 'booking')!.about, event.title);
  });

  it('filters by kind, status and date, and searches names, emails and phones', async () => {
    assert.deepEqual(
      (await leads('?kind=booking')).map((lead) => lead.name),
      ['Achieng Otieno'],
    );
    assert.equal((await leads('?q=kiprop')).length, 1);
    assert.equal((await leads('?q=ACHIENG%40example')).length, 1);
    // Typed with the leading 0 or the country code, found either way.
    assert.equal((await leads('?q=0712345678')).length, 2);
    assert.equal((await leads('?q=700111')).length, 1);
    assert.equal((await leads('?status=contacted')).length, 0);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    assert.equal((await leads(`?from=${today}&to=${today}`)).length, 4);
    assert.equal((await leads('?to=2020-01-01')).length, 0);
    assert.equal((await api.call('GET', '/api/staff/leads?kind=order', { token: staff.token })).status, 400);
  });

  it('shows a booking with the contact method and the event as the server stored it', async () => {
    const [booking] = await leads('?kind=booking');
    const detail = leadDetailSchema.parse(await (await api.call('GET', `/api/staff/leads/${booking!.id}`, { token: staff.token })).json());
    assert.equal(detail.contactMethod, 'WhatsApp');
    assert.equal(detail.event?.price, event.price, 'the price the server looked up, not the one sent');
  });

  it('moves a lead forward only, with notes (each made once), and says who did what when', async () => {
    const [lead] = await leads('?kind=call-request');
    const contacted = await api.call('PUT', `/api/staff/leads/${lead!.id}/status`, { token: staff.token, body: { status: 'contacted' } });
    assert.equal(contacted.status, 200);
    // Sent again with its key (the answer was lost on the way): one note.
    const noteKey = randomUUID();
    const addNote = () =>
      api.call('POST', `/api/staff/leads/${lead!.id}/notes`, {
        token: staff.token,
        body: { text: 'Called, will pay on Friday' },
        headers: { 'Idempotency-Key': noteKey },
      });
    assert.equal((await addNote()).status, 200);
    const noted = leadDetailSchema.parse(await (await addNote()).json());
    assert.equal(noted.status, 'contacted');
    assert.deepEqual(
      noted.notes.map((note) => [note.text, note.staffEmail]),
      [['Called, will pay on Friday', staff.email]],
    );
    assert.deepEqual(
      noted.changes.map((change) => [change.from, change.to, change.staffEmail]),
      [['new', 'contacted', staff.email]],
    );
    const back = await api.call('PUT', `/api/staff/leads/${lead!.id}/status`, { token: staff.token, body: { status: 'new' } });
    assert.equal(back.status, 409);
    assert.equal((await api.call('POST', `/api/staff/leads/${lead!.id}/notes`, { token: staff.token, body: { text: '  ' } })).status, 400);
    const audit = (await (await api.call('GET', '/api/staff/audit', { token: admin.token })).json()) as {
      action: string;
      subject: string;
      before: unknown;
      after: unknown;
    }[];
    const status = audit.find((entry) => entry.action === 'lead status changed' && entry.subject === `lead:${lead!.id}`);
    assert.deepEqual([status?.before, status?.after], [{ status: 'new' }, { status: 'contacted' }]);
    assert.ok(audit.some((entry) => entry.action === 'lead note added' && entry.subject === `lead:${lead!.id}`));
  });

  it('exports the filtered list as CSV a spreadsheet reads as text', async () => {
    const response = await api.call('GET', '/api/staff/leads/export?kind=enquiry', { token: staff.token });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('Content-Disposition') ?? '', /attachment; filename="leads-/);
    const csv = await response.text();
    assert.equal(csv.trim().split('\r\n').length, 2, 'the header and the one enquiry');
    assert.ok(csv.includes(`"'=HYPERLINK(""http://evil.test"",""Click"")"`));
    assert.ok(csv.includes(`"'@SUM(1+1)\nsecond line"`));
    // Shown as everywhere (formatPhone), and formula-safe.
    assert.ok(csv.includes(`"'+254 700 111 222"`));
  });
});

describe('CSV cells', () => {
  it('neutralise =, +, -, @, tab and carriage return at the start of text, and quote everything', () => {
    assert.equal(
      toCsv([['=1+1', '+1', '-1', '@A1', '\tx', '\rx', 'plain', 'a "quote"', 42, -42]]),
      `"'=1+1","'+1","'-1","'@A1","'\tx","'\rx","plain","a ""quote""","42","-42"\r\n`,
    );
  });
});

describe('the business is told', () => {
  const outbox = (): Mailer & { mails: Mail[] } => {
    const mails: Mail[] = [];
    return { mails, send: async (mail) => void mails.push(mail) };
  };

  it('mails each new lead to STAFF_NOTIFY_EMAIL as plain text, once', async () => {
    const mailer = outbox();
    const notifier = createLeadNotifier(
      api.db,
      mailer,
      { staff: { ...api.config.staff, notifyEmails: ['office@mavuno.test', 'owner@mavuno.test'] }, siteUrl: 'http://site.test' },
      createLogger('silent'),
    );
    await api.db.query('UPDATE leads SET notified_at = now()');
    await api.call('POST', '/requests/booking', {
      body: { contactDetails: contact('<b>Wanjiru</b>\u2028Bcc: all@example.com', 'wanjiru@example.co.ke'), event: { id: event._id } },
    });
    await notifier.tick();
    assert.equal(mailer.mails.length, 2);
    const [mail] = mailer.mails;
    assert.deepEqual(
      mailer.mails.map((m) => m.to),
      ['office@mavuno.test', 'owner@mavuno.test'],
    );
    assert.doesNotMatch(mail!.subject, /[\r\n\u2028]/);
    assert.ok(mail!.text.includes('Name:    <b>Wanjiru</b>'), 'as typed, as text');
    assert.match(mail!.text, /Event booking received/);
    assert.match(mail!.text, new RegExp(`Event:   ${event.title.replace(/[()]/g, '.')}`));
    assert.match(mail!.text, /Contact: WhatsApp/);
    assert.match(mail!.text, /http:\/\/site\.test\/staff\/leads\//);
    await notifier.tick();
    assert.equal(mailer.mails.length, 2, 'told once');
  });

  it('sends at most N mails a minute under 500 bookings in a minute, the rest in a digest, every lead told', async () => {
    const mailer = outbox();
    const perMinute = 5;
    const notifier = createLeadNotifier(
      api.db,
      mailer,
      { staff: { ...api.config.staff, notifyEmails: ['office@mavuno.test'], notifyPerMinute: perMinute }, siteUrl: 'http://site.test' },
      createLogger('silent'),
    );
    await api.db.query('UPDATE leads SET notified_at = now()');
    await api.db.query('DELETE FROM lead_notification_mails');
    const started = Date.now();
    // 500 bookings in waves, the notifier looking between waves as it does every two seconds.
    for (let wave = 0; wave < 10; wave++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.call('POST', '/requests/booking', {
            body: { contactDetails: contact(`Visitor ${wave * 50 + i}`, `visitor${wave * 50 + i}@example.co.ke`), event: { id: event._id } },
          }),
        ),
      );
      await notifier.tick();
    }
    assert.ok(Date.now() - started < 60_000, 'all within a minute');
    assert.equal(mailer.mails.length, perMinute);
    const told = mailer.mails.reduce((sum, mail) => sum + (/^(\d+) new leads$/.exec(mail.subject) ? Number(/^(\d+)/.exec(mail.subject)![1]) : 1), 0);
    // The budget was spent before the last waves: those wait for the next minute's digest.
    const [{ waiting }] = (await api.db.query<{ waiting: number }>('SELECT count(*)::int AS waiting FROM leads WHERE notified_at IS NULL')) as [
      { waiting: number },
    ];
    assert.equal(told + waiting, 500);
    assert.ok(
      mailer.mails.some((mail) => /^\d+ new leads$/.test(mail.subject)),
      'a digest',
    );
    // A minute later the rest go out, in one digest.
    await api.db.query("UPDATE lead_notification_mails SET sent_at = sent_at - interval '61 seconds'");
    await notifier.tick();
    const all = mailer.mails.reduce((sum, mail) => sum + (/^(\d+) new leads$/.exec(mail.subject) ? Number(/^(\d+)/.exec(mail.subject)![1]) : 1), 0);
    if (waiting > 0) assert.equal(all, 500);
    const [{ left }] = (await api.db.query<{ left: number }>('SELECT count(*)::int AS left FROM leads WHERE notified_at IS NULL')) as [{ left: number }];
    assert.equal(left, 0);
  });

  it('mails nobody without STAFF_NOTIFY_EMAIL, and keeps the leads for when it is set', async () => {
    const mailer = outbox();
    await api.call('POST', '/api/user/subscribe/newsletter', { body: { email: 'quiet@example.co.ke' } });
    await createLeadNotifier(api.db, mailer, { staff: { ...api.config.staff, notifyEmails: [] }, siteUrl: 'http://site.test' }, createLogger('silent')).tick();
    assert.equal(mailer.mails.length, 0);
    assert.equal((await api.db.query('SELECT 1 FROM leads WHERE notified_at IS NULL')).length, 1);
  });
});

describe('a lead counts as told once its mail went, and no sooner (issue 39)', () => {
  const notifierWith = (mailer: Mailer, log = createLogger('silent')) =>
    createLeadNotifier(
      api.db,
      mailer,
      { staff: { ...api.config.staff, notifyEmails: ['office@mavuno.test'], notifyPerMinute: 10 }, siteUrl: 'http://site.test' },
      log,
    );
  const outbox = (): Mailer & { mails: Mail[] } => {
    const mails: Mail[] = [];
    return { mails, send: async (mail) => void mails.push(mail) };
  };
  const whoseMails = (mails: Mail[]) => mails.map((mail) => mail.subject.replace(/^New [^:]+: /, ''));
  const enquiriesFrom = async (...names: string[]) => {
    await api.db.query('UPDATE leads SET notified_at = now()');
    await api.db.query('DELETE FROM lead_notification_mails');
    for (const name of names) {
      const body = { name, email: `${name.toLowerCase()}@example.co.ke`, mobile: '712345678', comment: 'Training for our cooperative' };
      assert.equal((await api.call('POST', '/api/enquiry', { body })).status, 200);
    }
  };

  it("a send that fails on the second mail: the first mail's lead is not mailed again, the others go on the next tick", async () => {
    await enquiriesFrom('Amina', 'Baraka', 'Chebet');
    const delivered = outbox();
    let sends = 0;
    const flaky: Mailer = {
      send: async (mail) => {
        if (++sends === 2) throw new Error('451 the mail server is busy');
        await delivered.send(mail);
      },
    };
    const warnings: string[] = [];
    const notifier = notifierWith(flaky, { ...createLogger('silent'), warn: (message) => void warnings.push(message) });
    await notifier.tick();
    assert.deepEqual(whoseMails(delivered.mails), ['Amina']);
    assert.deepEqual(warnings, ['lead notification failed']);
    await notifier.tick();
    assert.deepEqual(whoseMails(delivered.mails), ['Amina', 'Baraka', 'Chebet']);
    assert.equal((await api.db.query('SELECT 1 FROM leads WHERE notified_at IS NULL')).length, 0);
  });

  it('the leads of an instance that died while mailing them are mailed by another once its claim has lapsed, not before', async () => {
    await enquiriesFrom('Dalmas');
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    // Its mail server never answers: as far as the others can tell, the instance died with the leads claimed.
    const dying: Mailer = {
      send: () => {
        sending();
        return new Promise(() => {});
      },
    };
    void notifierWith(dying).tick();
    await started;
    const other = outbox();
    await notifierWith(other).tick();
    assert.deepEqual(other.mails, [], 'not while the first may still be sending');
    await api.db.query("UPDATE leads SET notify_claimed_until = now() - interval '1 second' WHERE notify_claimed_until IS NOT NULL");
    await notifierWith(other).tick();
    assert.deepEqual(whoseMails(other.mails), ['Dalmas']);
  });
});
