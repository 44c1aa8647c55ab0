import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInStepSchema } from '@agri/api-client/staff-contract';
import { startTestApi, type TestApi } from '../test-support';
import { addStaff, STAFF_PASSWORD, type TestStaff } from './staff-test-support';

let api: TestApi;
let admin: TestStaff;
let member: TestStaff;
const tokens: Record<string, string> = {};
const ID = '00000000-0000-0000-0000-000000000000';

/** Every back-office route but the steps of signing in, with a body it would take. */
const STAFF_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/staff/session'],
  ['DELETE', '/api/staff/session'],
  ['DELETE', '/api/staff/sessions'],
  ['GET', '/api/staff/leads'],
  ['GET', '/api/staff/leads/export'],
  ['GET', `/api/staff/leads/${ID}`],
  ['PUT', `/api/staff/leads/${ID}/status`, { status: 'contacted' }],
  ['POST', `/api/staff/leads/${ID}/notes`, { text: 'Called back' }],
  ['GET', '/api/staff/orders'],
  ['GET', `/api/staff/orders/${ID}`],
  ['PUT', `/api/staff/orders/${ID}/status`, { status: 'Processing' }],
  ['POST', `/api/staff/orders/${ID}/payments`, { method: 'cash', amount: 1000, reason: 'Paid at the office' }],
  ['GET', '/api/staff/payments'],
  ['GET', '/api/staff/payments/export'],
  ['POST', `/api/staff/payments/${ID}/refunds`, { method: 'cash', amount: 1000, reason: 'The course was moved' }],
  ...['courses', 'events', 'blog'].flatMap((kind): [string, string, unknown?][] => [
    ['GET', `/api/staff/${kind}`],
    ['POST', `/api/staff/${kind}`, {}],
    ['GET', `/api/staff/${kind}/${ID}`],
    ['PUT', `/api/staff/${kind}/${ID}`, {}],
    ['PUT', `/api/staff/${kind}/${ID}/published`, { published: false }],
    ['DELETE', `/api/staff/${kind}/${ID}`],
  ]),
  ['GET', '/api/staff/team'],
  ['POST', '/api/staff/team', { email: 'someone@mavuno.test', role: 'admin' }],
  ['DELETE', `/api/staff/team/${ID}`],
  ['POST', `/api/staff/team/${ID}/second-factor-reset`],
  ['GET', '/api/staff/audit'],
  ['GET', '/api/staff/sign-in-failures'],
];
const ADMIN_ROUTES = STAFF_ROUTES.filter(
  ([method, path]) =>
    ['/team', '/audit', '/sign-in-failures'].some((admins) => path.includes(admins)) || (method === 'POST' && /\/(payments|refunds)$/.test(path)),
);

before(async () => {
  api = await startTestApi();
  admin = await addStaff(api, 'admin');
  member = await addStaff(api, 'staff');
  tokens.customer = (await api.signUp('customer-at-the-door@example.co.ke')).token;
  // Half signed in: the password step's token, before the second factor.
  const halfway = await api.call('POST', '/api/staff/session', { body: { email: member.email, password: STAFF_PASSWORD } });
  tokens.halfSignedIn = signInStepSchema.parse(await halfway.json()).token;
  const removed = await addStaff(api);
  tokens.removed = removed.token;
  assert.equal((await api.call('DELETE', `/api/staff/team/${removed.id}`, { token: admin.token })).status, 200);
  tokens.forged = `${member.token.slice(0, -4)}AAAA`;
});
after(() => api.close());

describe('every /api/staff route checks the staff session and role on the server', () => {
  it('refuses no token and a forged one with 401', async () => {
    for (const [method, path, body] of STAFF_ROUTES) {
      assert.equal((await api.call(method, path, { body })).status, 401, `${method} ${path} anonymous`);
      assert.equal((await api.call(method, path, { body, token: tokens.forged })).status, 401, `${method} ${path} forged`);
    }
  });

  for (const who of ['customer', 'halfSignedIn', 'removed'] as const) {
    it(`refuses a ${who} token with 403, and changes nothing`, async () => {
      const before = await api.db.query<{ rows: string }>(
        "SELECT (SELECT count(*) FROM audit_log) || '/' || (SELECT count(*) FROM staff WHERE removed_at IS NULL) || '/' || (SELECT count(*) FROM lead_notes) AS rows",
      );
      for (const [method, path, body] of STAFF_ROUTES) {
        const response = await api.call(method, path, { body, token: tokens[who] });
        assert.equal(response.status, 403, `${method} ${path} with a ${who} token: ${await response.text()}`);
      }
      assert.deepEqual(
        await api.db.query(
          "SELECT (SELECT count(*) FROM audit_log) || '/' || (SELECT count(*) FROM staff WHERE removed_at IS NULL) || '/' || (SELECT count(*) FROM lead_notes) AS rows",
        ),
        before,
      );
    });
  }

  it('refuses a staff member (not an admin) on the team and the audit log', async () => {
    for (const [method, path, body] of ADMIN_ROUTES) {
      assert.equal((await api.call(method, path, { body, token: member.token })).status, 403, `${method} ${path}`);
    }
  });

  it('a customer token and a staff token are not interchangeable', async () => {
    assert.equal((await api.call('GET', '/api/user/getuser', { token: member.token })).status, 401);
    assert.equal((await api.call('GET', '/api/staff/leads', { token: member.token })).status, 200);
  });
});
