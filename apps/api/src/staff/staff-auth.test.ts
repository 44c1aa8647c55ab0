import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInFailuresSchema, signInStepSchema, totpConfirmedSchema } from '@agri/api-client/staff-contract';
import { clearRateLimits, startTestApi, withFailure, type TestApi } from '../test-support';
import { ROWS_KEPT } from './sign-in-failures';
import { addStaff, codeFor, invitationTokenOf, STAFF_PASSWORD, staffEmail, type TestStaff } from './staff-test-support';

let api: TestApi;
let admin: TestStaff;
let member: TestStaff;

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

async function passwordStep(email: string, password = STAFF_PASSWORD) {
  const response = await api.call('POST', '/api/staff/session', { body: { email, password } });
  assert.equal(response.status, 200, await response.clone().text());
  return signInStepSchema.parse(await response.json());
}

before(async () => {
  api = await startTestApi();
  admin = await addStaff(api, 'admin');
  member = await addStaff(api, 'staff');
});
after(() => api.close());

describe('staff sign-in', () => {
  it('an invitation sets the password and the authenticator, answers ten recovery codes once, and signs in', async () => {
    const email = staffEmail('new');
    const invited = await api.call('POST', '/api/staff/team', { token: admin.token, body: { email, role: 'staff' } });
    assert.equal(invited.status, 200, await invited.clone().text());
    const token = await invitationTokenOf(api, email);
    assert.deepEqual(await (await api.call('GET', `/api/staff/invitation/${token}`)).json(), { email });
    const accepted = signInStepSchema.parse(await (await api.call('POST', `/api/staff/invitation/${token}`, { body: { password: STAFF_PASSWORD } })).json());
    assert.equal(accepted.stage, 'totp-setup');
    assert.ok(accepted.stage === 'totp-setup' && accepted.totp.uri.startsWith('otpauth://totp/'));
    // The link works once.
    assert.equal((await api.call('POST', `/api/staff/invitation/${token}`, { body: { password: STAFF_PASSWORD } })).status, 404);
    // The setup token is not a session.
    assert.equal((await api.call('GET', '/api/staff/leads', { token: accepted.token })).status, 403);
    const secret = accepted.stage === 'totp-setup' ? accepted.totp.secret : '';
    const wrong = await api.call('POST', '/api/staff/session/totp-setup', { token: accepted.token, body: { code: codeFor(secret, 5) } });
    assert.equal(wrong.status, 400);
    const confirmed = totpConfirmedSchema.parse(
      await (await api.call('POST', '/api/staff/session/totp-setup', { token: accepted.token, body: { code: codeFor(secret) } })).json(),
    );
    assert.equal(confirmed.recoveryCodes.length, 10);
    assert.equal(new Set(confirmed.recoveryCodes).size, 10);
    assert.equal((await api.call('GET', '/api/staff/session', { token: confirmed.token })).status, 200);
    // The setup step's token ended with it.
    assert.equal((await api.call('POST', '/api/staff/session/totp-setup', { token: accepted.token, body: { code: codeFor(secret, 1) } })).status, 401);
  });

  it('a sign-in needs the password, then a code not used before', async () => {
    const step = await passwordStep(member.email);
    assert.equal(step.stage, 'second-factor');
    // The code the setup used is refused, even when its 30-second step has passed since (still in the window): a
    // code works once.
    const replayed = await api.call('POST', '/api/staff/session/second-factor', { token: step.token, body: { code: member.setupCode } });
    assert.equal(replayed.status, 400);
    const next = codeFor(member.secret, 1);
    const signedIn = signInStepSchema.parse(
      await (await api.call('POST', '/api/staff/session/second-factor', { token: step.token, body: { code: next } })).json(),
    );
    assert.equal(signedIn.stage, 'signed-in');
    assert.ok(signedIn.stage === 'signed-in' && signedIn.staff.email === member.email);
    // The same code again, within its window, in another sign-in: refused.
    const again = await passwordStep(member.email);
    assert.equal((await api.call('POST', '/api/staff/session/second-factor', { token: again.token, body: { code: next } })).status, 400);
  });

  it('a recovery code signs in once', async () => {
    const code = member.recoveryCodes[0]!;
    const first = await passwordStep(member.email);
    const used = await api.call('POST', '/api/staff/session/second-factor', { token: first.token, body: { recoveryCode: code.toUpperCase() } });
    assert.equal(used.status, 200, await used.clone().text());
    const second = await passwordStep(member.email);
    const reused = await api.call('POST', '/api/staff/session/second-factor', { token: second.token, body: { recoveryCode: code } });
    assert.equal(reused.status, 400);
  });

  it('five wrong codes lock the second step for the window', async () => {
    const victim = await addStaff(api);
    const step = await passwordStep(victim.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await api.call('POST', '/api/staff/session/second-factor', { token: step.token, body: { code: '000000' } });
      assert.equal(wrong.status, 400);
    }
    const locked = await api.call('POST', '/api/staff/session/second-factor', { token: step.token, body: { code: codeFor(victim.secret, 1) } });
    assert.equal(locked.status, 429);
  });

  it('an unknown address, a wrong password, an invited and a removed member get the same answer', async () => {
    const invitedOnly = staffEmail('invited');
    await api.call('POST', '/api/staff/team', { token: admin.token, body: { email: invitedOnly, role: 'staff' } });
    const removed = await addStaff(api);
    assert.equal((await api.call('DELETE', `/api/staff/team/${removed.id}`, { token: admin.token })).status, 200);
    const answers = [];
    for (const [email, password] of [
      ['nobody@mavuno.test', STAFF_PASSWORD],
      [member.email, 'wrong-password'],
      [invitedOnly, STAFF_PASSWORD],
      [removed.email, STAFF_PASSWORD],
    ] as const) {
      const response = await api.call('POST', '/api/staff/session', { body: { email, password } });
      answers.push([response.status, await message(response)]);
    }
    assert.deepEqual(new Set(answers.map((answer) => JSON.stringify(answer))), new Set([JSON.stringify([401, 'Invalid email or password'])]));
  });

  it("logins are limited as the customers' are: per account, whatever the address", async () => {
    const limited = await startTestApi({ RATE_LIMIT_LOGIN_ACCOUNT: '3' });
    try {
      const target = await addStaff(limited);
      for (let i = 0; i < 3; i++)
        assert.equal((await limited.call('POST', '/api/staff/session', { body: { email: target.email, password: 'wrong' } })).status, 401);
      const blocked = await limited.call('POST', '/api/staff/session', { body: { email: target.email, password: STAFF_PASSWORD } });
      assert.equal(blocked.status, 429);
      assert.ok(Number(blocked.headers.get('Retry-After')) > 0);
      await clearRateLimits(limited.db);
    } finally {
      await limited.close();
    }
  });

  it('a session ends after the idle time, after its absolute lifetime, and at sign-out', async () => {
    const staff = await addStaff(api);
    assert.equal((await api.call('GET', '/api/staff/session', { token: staff.token })).status, 200);
    await api.db.query("UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = $1", [staff.id]);
    assert.equal((await api.call('GET', '/api/staff/session', { token: staff.token })).status, 401);

    const second = await addStaff(api);
    await api.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = $1", [second.id]);
    assert.equal((await api.call('GET', '/api/staff/session', { token: second.token })).status, 401);

    const third = await addStaff(api);
    assert.equal((await api.call('DELETE', '/api/staff/session', { token: third.token })).status, 200);
    assert.equal((await api.call('GET', '/api/staff/session', { token: third.token })).status, 401);
  });

  it('sign-ins and invitations are in the audit log, which admins alone read', async () => {
    const entries = (await (await api.call('GET', '/api/staff/audit', { token: admin.token })).json()) as { action: string; staffEmail: string | null }[];
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ['signed in', 'staff invited', 'invitation accepted', 'second factor set up', 'staff removed']) {
      assert.ok(actions.has(action), action);
    }
    assert.equal((await api.call('GET', '/api/staff/audit', { token: member.token })).status, 403);
  });

  it('failed password sign-ins are counted per source and day, not written in the audit log (issue 39)', async () => {
    const auditRows = async () => Number((await api.db.query<{ count: string }>('SELECT count(*)::text AS count FROM audit_log'))[0]!.count);
    await api.db.query('DELETE FROM sign_in_failures');
    await clearRateLimits(api.db);
    const before = await auditRows();
    const tried = [member.email, member.email, ...['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@nowhere.test`)];
    for (const email of tried) await api.call('POST', '/api/staff/session', { body: { email, password: 'not-it' } });
    assert.equal(await auditRows(), before, 'no audit entry for a failed password');

    const failures = signInFailuresSchema.parse(await (await api.call('GET', '/api/staff/sign-in-failures', { token: admin.token })).json());
    assert.equal(failures.length, 1, JSON.stringify(failures));
    const ours = failures[0]!;
    assert.equal(ours.tries, tried.length);
    // The first five addresses tried, each once.
    assert.deepEqual(ours.emails.slice(0, 5), [member.email, 'a@nowhere.test', 'b@nowhere.test', 'c@nowhere.test', 'd@nowhere.test']);
    assert.equal(ours.emails.length, 5);
    assert.equal(ours.day, (await api.db.query<{ today: string }>('SELECT current_date::text AS today'))[0]!.today);
    assert.equal((await api.call('GET', '/api/staff/sign-in-failures', { token: member.token })).status, 403);
  });

  it('the failed sign-ins keep their newest rows within the bound, whatever a flood from many addresses sends', async () => {
    await api.db.query('DELETE FROM sign_in_failures');
    await api.db.query(
      `INSERT INTO sign_in_failures (source, day, tries, emails, last_at)
       SELECT 'flood-' || n, current_date, 1, ARRAY['x@flood.test'], now() - interval '1 hour' FROM generate_series(1, ${ROWS_KEPT} + 20) AS n`,
    );
    await api.call('POST', '/api/staff/session', { body: { email: 'late@nowhere.test', password: 'not-it' } });
    const [rows] = await api.db.query<{ count: string }>('SELECT count(*)::text AS count FROM sign_in_failures');
    assert.equal(Number(rows!.count), ROWS_KEPT);
    const [newest] = signInFailuresSchema.parse(await (await api.call('GET', '/api/staff/sign-in-failures', { token: admin.token })).json());
    assert.ok(newest!.emails.includes('late@nowhere.test'), 'the newest try is kept');
  });
});

/** Accepts the invitation mailed to `email`: the setup step, with the authenticator's secret. */
async function accept(email: string) {
  const accepted = await api.call('POST', `/api/staff/invitation/${await invitationTokenOf(api, email)}`, { body: { password: STAFF_PASSWORD } });
  assert.equal(accepted.status, 200, await accepted.clone().text());
  const step = signInStepSchema.parse(await accepted.json());
  assert.ok(step.stage === 'totp-setup');
  return step;
}

async function invite(email = staffEmail('enrolling')) {
  assert.equal((await api.call('POST', '/api/staff/team', { token: admin.token, body: { email, role: 'staff' } })).status, 200);
  return email;
}

describe('enrolment cannot be hijacked (issue 39)', () => {
  const storedSecret = async (email: string) =>
    (await api.db.query<{ totp_secret: string | null }>('SELECT totp_secret FROM staff WHERE email = $1', [email]))[0]!.totp_secret;

  it("the password of a member still setting up gets no secret: the setup finishes only with the invitation's token", async () => {
    const email = await invite();
    const setup = await accept(email);
    const sealed = await storedSecret(email);
    // Someone else who knows the password, anywhere.
    const stranger = await api.call('POST', '/api/staff/session', { body: { email, password: STAFF_PASSWORD } });
    assert.equal(stranger.status, 403);
    assert.match(await message(stranger), /Finish the setup in the browser where you accepted your invitation/);
    assert.equal(await storedSecret(email), sealed, 'the secret shown at the invitation is kept');
    // The member's own setup goes on.
    const confirmed = await api.call('POST', '/api/staff/session/totp-setup', { token: setup.token, body: { code: codeFor(setup.totp.secret) } });
    assert.equal(confirmed.status, 200, await confirmed.clone().text());
  });

  it("an unfinished setup ends after hours, and an admin's reset lets the member start again", async () => {
    const email = await invite();
    const setup = await accept(email);
    const [row] = await api.db.query<{ hours: number }>(
      'SELECT round(extract(epoch FROM max(expires_at) - now()) / 3600)::int AS hours FROM staff_sessions s JOIN staff st ON st.id = s.staff_id WHERE st.email = $1',
      [email],
    );
    assert.equal(row!.hours, 2, 'the setup is good for two hours');
    await api.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = (SELECT id FROM staff WHERE email = $1)", [email]);
    assert.equal((await api.call('POST', '/api/staff/session/totp-setup', { token: setup.token, body: { code: codeFor(setup.totp.secret) } })).status, 401);
    assert.equal((await api.call('POST', '/api/staff/session', { body: { email, password: STAFF_PASSWORD } })).status, 403);

    const [{ id }] = (await api.db.query<{ id: string }>('SELECT id FROM staff WHERE email = $1', [email])) as [{ id: string }];
    assert.equal((await api.call('POST', `/api/staff/team/${id}/second-factor-reset`, { token: admin.token })).status, 200);
    const again = await accept(email);
    const confirmed = await api.call('POST', '/api/staff/session/totp-setup', { token: again.token, body: { code: codeFor(again.totp.secret) } });
    assert.equal(confirmed.status, 200, await confirmed.clone().text());
  });

  it("an admin's reset ends every session, the password and the recovery codes, is audited, and mails a new invitation", async () => {
    const target = await addStaff(api);
    const reset = await api.call('POST', `/api/staff/team/${target.id}/second-factor-reset`, { token: admin.token });
    assert.equal(reset.status, 200, await reset.clone().text());
    assert.equal(((await reset.json()) as { state: string }).state, 'invited');
    assert.equal((await api.call('GET', '/api/staff/session', { token: target.token })).status, 401, 'signed out');
    assert.equal((await api.call('POST', '/api/staff/session', { body: { email: target.email, password: STAFF_PASSWORD } })).status, 401, 'the old password');
    const [mail] = await api.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [target.email]);
    assert.equal(mail!.subject, 'Set up your Mavuno back office sign-in again');
    const again = await accept(target.email);
    const confirmed = totpConfirmedSchema.parse(
      await (await api.call('POST', '/api/staff/session/totp-setup', { token: again.token, body: { code: codeFor(again.totp.secret) } })).json(),
    );
    assert.ok(!confirmed.recoveryCodes.includes(target.recoveryCodes[0]!));
    const step = await passwordStep(target.email);
    const oldCode = await api.call('POST', '/api/staff/session/second-factor', { token: step.token, body: { recoveryCode: target.recoveryCodes[0] } });
    assert.equal(oldCode.status, 400, 'an old recovery code');

    const entries = (await (await api.call('GET', '/api/staff/audit', { token: admin.token })).json()) as {
      action: string;
      subject: string;
      staffEmail: string;
    }[];
    assert.ok(entries.some((entry) => entry.action === 'second factor reset' && entry.subject === `staff:${target.id}` && entry.staffEmail === admin.email));
  });

  it("an admin cannot reset their own second factor, nor a removed member's", async () => {
    assert.equal((await api.call('POST', `/api/staff/team/${admin.id}/second-factor-reset`, { token: admin.token })).status, 400);
    const removed = await addStaff(api);
    assert.equal((await api.call('DELETE', `/api/staff/team/${removed.id}`, { token: admin.token })).status, 200);
    assert.equal((await api.call('POST', `/api/staff/team/${removed.id}/second-factor-reset`, { token: admin.token })).status, 404);
  });

  it("sign out everywhere ends every session and sign-in step of the member, and no one else's", async () => {
    const staff = await addStaff(api);
    const other = await passwordStep(staff.email);
    const second = signInStepSchema.parse(
      await (await api.call('POST', '/api/staff/session/second-factor', { token: other.token, body: { code: codeFor(staff.secret, 1) } })).json(),
    );
    const pending = await passwordStep(staff.email);
    const out = await api.call('DELETE', '/api/staff/sessions', { token: staff.token });
    assert.equal(out.status, 200);
    for (const token of [staff.token, second.token]) assert.equal((await api.call('GET', '/api/staff/session', { token })).status, 401);
    assert.equal((await api.call('POST', '/api/staff/session/second-factor', { token: pending.token, body: { code: codeFor(staff.secret, -1) } })).status, 401);
    assert.equal((await api.call('GET', '/api/staff/session', { token: member.token })).status, 200, 'another member stays signed in');
    const entries = (await (await api.call('GET', '/api/staff/audit', { token: admin.token })).json()) as { action: string; subject: string }[];
    assert.ok(entries.some((entry) => entry.action === 'signed out everywhere' && entry.subject === `staff:${staff.id}`));
  });
});

describe('each sign-in change is whole or not at all (issue 39)', () => {
  type Refused = (sql: string, params: unknown[]) => boolean;
  const auditing =
    (action: string): Refused =>
    (sql, params) =>
      sql.startsWith('INSERT INTO audit_log') && params[2] === action;
  const startingSession: Refused = (sql) => sql.startsWith('INSERT INTO staff_sessions');
  const entries = async (staffId: string, action: string) =>
    (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE subject = $1 AND action = $2', [`staff:${staffId}`, action]))[0]!.n;

  it("the authenticator's setup: enabled with its recovery codes, its audit entry and the session, or none of them", async () => {
    const failures: [string, Refused][] = [
      ['the recovery codes', (sql) => sql.startsWith('INSERT INTO staff_recovery_codes')],
      ['the audit entry', auditing('second factor set up')],
      ['the session', startingSession],
    ];
    for (const [failing, refused] of failures) {
      const email = await invite();
      const setup = await accept(email);
      const code = codeFor(setup.totp.secret);
      const failed = await withFailure(api, refused).call('POST', '/api/staff/session/totp-setup', { token: setup.token, body: { code } });
      assert.equal(failed.status, 500, failing);
      const [left] = await api.db.query(
        `SELECT s.totp_enabled_at IS NOT NULL AS enabled, (SELECT count(*)::int FROM staff_recovery_codes r WHERE r.staff_id = s.id) AS codes,
           (SELECT count(*)::int FROM audit_log a WHERE a.subject = 'staff:' || s.id AND a.action IN ('second factor set up', 'signed in')) AS entries
         FROM staff s WHERE s.email = $1`,
        [email],
      );
      assert.deepEqual(left, { enabled: false, codes: 0, entries: 0 }, `failing at ${failing}: nothing stayed`);
      // The same code again: the failed try did not use it.
      const confirmed = await api.call('POST', '/api/staff/session/totp-setup', { token: setup.token, body: { code } });
      assert.equal(confirmed.status, 200, `${failing}: ${await confirmed.clone().text()}`);
    }
  });

  it("a sign-in's second factor: the code used, its audit entry and the session, or none of them", async () => {
    const staff = await addStaff(api);
    const failures: [string, { code: string } | { recoveryCode: string }, Refused][] = [
      ['a recovery code, failing at its audit entry', { recoveryCode: staff.recoveryCodes[1]! }, auditing('recovery code used')],
      ['a recovery code, failing at the session', { recoveryCode: staff.recoveryCodes[2]! }, startingSession],
      ['an authenticator code, failing at the session', { code: codeFor(staff.secret, 1) }, startingSession],
    ];
    for (const [failing, body, refused] of failures) {
      const step = await passwordStep(staff.email);
      assert.equal((await withFailure(api, refused).call('POST', '/api/staff/session/second-factor', { token: step.token, body })).status, 500, failing);
      // The same code again: still unused, and the step still open.
      const signedIn = await api.call('POST', '/api/staff/session/second-factor', { token: step.token, body });
      assert.equal(signedIn.status, 200, `${failing}: ${await signedIn.clone().text()}`);
    }
    assert.equal(await entries(staff.id, 'recovery code used'), 2, 'one entry per sign-in that happened');
    assert.equal(await entries(staff.id, 'signed in'), 1 + 3, "the setup's and these three");
  });

  it('a sign-out ends the session with its audit entry, or neither', async () => {
    const staff = await addStaff(api);
    const failed = await withFailure(api, auditing('signed out')).call('DELETE', '/api/staff/session', { token: staff.token });
    assert.equal(failed.status, 500);
    assert.equal((await api.call('GET', '/api/staff/session', { token: staff.token })).status, 200, 'still signed in');
    assert.equal((await api.call('DELETE', '/api/staff/session', { token: staff.token })).status, 200);
    assert.equal((await api.call('GET', '/api/staff/session', { token: staff.token })).status, 401);
    assert.equal(await entries(staff.id, 'signed out'), 1);
  });
});

describe('the audit log cannot be changed', () => {
  it('has no route that writes it, and the database refuses updates and deletes', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      assert.equal((await api.call(method, '/api/staff/audit', { token: admin.token, body: method === 'DELETE' ? undefined : {} })).status, 404, method);
    }
    // P0001: the exception the append-only trigger raises.
    const refused = (error: unknown) => (error as { code?: string }).code === 'P0001';
    await assert.rejects(api.db.query("UPDATE audit_log SET action = 'nothing happened'"), refused);
    await assert.rejects(api.db.query('DELETE FROM audit_log'), refused);
  });
});

describe('the audit log lists every entry (issue 39)', () => {
  it('newest first, numerically, and paged with `before` through more than 1,000 entries without missing one', async () => {
    await api.db.query("INSERT INTO audit_log (staff_email, action) SELECT 'bulk@mavuno.test', 'bulk entry ' || n FROM generate_series(1, 1150) AS n");
    const [entries] = await api.db.query<{ count: string }>('SELECT count(*)::text AS count FROM audit_log');
    const listed: number[] = [];
    for (let before: number | undefined; ;) {
      const response = await api.call('GET', `/api/staff/audit${before === undefined ? '' : `?before=${before}`}`, { token: admin.token });
      const page = (await response.json()) as { id: string }[];
      if (page.length === 0) break;
      listed.push(...page.map((entry) => Number(entry.id)));
      before = listed.at(-1);
    }
    assert.equal(listed.length, Number(entries!.count));
    assert.deepEqual(
      listed,
      [...listed].sort((a, b) => b - a),
    );
    assert.ok(listed[0]! >= 1150, 'the newest entry comes first');
  });
});

describe('the terminal route', () => {
  it("is refused from anywhere but the API's own machine and without a token signed by the server secret", async () => {
    const body = { email: staffEmail('terminal'), role: 'admin' };
    assert.equal((await api.call('POST', '/api/staff/terminal/invitation', { body })).status, 401);
    // app.request has no socket: not this machine.
    assert.equal((await api.call('POST', '/api/staff/terminal/invitation', { body, token: admin.token })).status, 403);
  });
});
