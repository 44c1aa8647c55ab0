// POST /api/reports (issue 23's CSP reports, the first piece of issue 26): what is stored, what is refused,
// and that nothing personal is kept.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { reportSessionSchema } from '@agri/api-client/contract';
import { createApp } from './app';
import { MemoryLimiter } from './rate-limit';
import { MAX_WAITING_ROWS, reportIntake, rowsKeptPerSource, sweepReports, type ReportRow } from './report-store';
import { grantCovers, isStartedSession, newSessionId } from './routes/report-grant';
import { anonymousPath, scrub } from './routes/reports';
import { p75, releaseHealth, SESSION_HOURS, SESSIONS_PER_SOURCE, type ReleaseHealth } from './release-health';
import { clearRateLimits, startTestApi, type TestApi } from './test-support';

let api: TestApi;
/** A visit's fields, with a session this API started (an invented one is dropped on arrival). */
let base: { session: string; channel: string; releases: Record<string, string> };
before(async () => {
  api = await startTestApi();
  base = {
    session: newSessionId(api.config.jwtSecret),
    channel: 'production',
    releases: { shell: '20261125.080000-abc1234', catalog: '20261125.090000-def5678' },
  };
});
after(() => api.close());
beforeEach(async () => {
  await api.db.query('DELETE FROM browser_reports');
  await clearRateLimits(api.db);
});

const post = (body: unknown, type = 'text/plain;charset=UTF-8', app = api.app) =>
  app.request('/api/reports', { method: 'POST', headers: { 'Content-Type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The stored reports, once `app` has written what it was sent (its test route writes first). */
const rows = async (app = api.app) => {
  await app.request('/api/test/reports');
  return api.db.query<Record<string, unknown>>('SELECT * FROM browser_reports ORDER BY id');
};

describe('the shell’s batches', () => {
  it('stores each report of a beacon batch, anonymously, and answers 204', async () => {
    const answer = await post({
      reports: [
        { kind: 'page-view', ...base, path: '/courses' },
        {
          kind: 'remote-failure',
          ...base,
          path: '/course/3f2a',
          remote: 'catalog',
          phase: 'entry',
          message: 'Loading script failed: https://cdn/x.js?token=abc',
        },
        {
          kind: 'error',
          ...base,
          path: '/reset-password/eyJhbGciOiJIUzI1NiJ9abcdefghijklmnop',
          source: 'account',
          message: 'Cannot read properties of undefined for jane@example.com 0722 123 456',
        },
        { kind: 'unavailable', ...base, path: '/courses', remote: 'catalog' },
        { kind: 'vital', ...base, path: '/', name: 'LCP', value: 1834.5 },
      ],
    });
    assert.equal(answer.status, 204);
    const stored = await rows();
    assert.deepEqual(
      stored.map(({ kind, path, subject, phase, value }) => [kind, path, subject, phase, value]),
      [
        ['page-view', '/courses', null, null, null],
        ['remote-failure', '/course/*', 'catalog', 'entry', null],
        ['error', '/reset-password/*', 'account', null, null],
        ['unavailable', '/courses', 'catalog', null, null],
        ['vital', '/', 'LCP', null, 1834.5],
      ],
    );
    assert.deepEqual(stored[0]!.releases, base.releases);
    assert.equal(stored[0]!.channel, 'production');
    // Nothing personal: no token, no address, no number, no query string, no IP column at all.
    const text = JSON.stringify(stored);
    for (const secret of ['eyJhbGciOiJIUzI1NiJ9', 'jane@example.com', '0722 123 456', 'token=abc', '127.0.0.1']) assert.ok(!text.includes(secret), secret);
    assert.deepEqual(Object.keys(stored[0]!).sort(), [
      'channel',
      'id',
      'kind',
      'message',
      'path',
      'phase',
      'received_at',
      'releases',
      'session',
      'source',
      'subject',
      'value',
    ]);
    // The source is a bucket of the address, not the address.
    assert.match(String(stored[0]!.source), /^[0-9a-f]{6}$/);
  });

  it('accepts a batch sent as application/json too', async () => {
    assert.equal((await post({ reports: [{ kind: 'page-view', ...base, path: '/' }] }, 'application/json')).status, 204);
    assert.equal((await rows()).length, 1);
  });

  it('keeps the reports of a batch that fit and drops the others', async () => {
    // An older shell sent Module Federation's multi-line messages whole: the visit's page view must count.
    const answer = await post({
      reports: [
        { kind: 'page-view', ...base, path: '/courses' },
        { kind: 'remote-failure', ...base, path: '/courses', remote: 'catalog', phase: 'entry', message: '#RUNTIME-008\n args: {}' },
        { kind: 'error', ...base, path: '/courses', source: 'catalog', message: 'x'.repeat(301) },
        { kind: 'vital', ...base, path: '/courses', name: 'LCP', value: 912 },
      ],
    });
    assert.equal(answer.status, 204);
    assert.deepEqual(
      (await rows()).map(({ kind }) => kind),
      ['page-view', 'vital'],
    );
  });

  it('refuses, and stores nothing of, a batch that does not fit the contract or has no report that does', async () => {
    const bad = [
      'not json',
      {},
      { reports: [] },
      { reports: [{ kind: 'page-view', ...base, path: '/courses?email=jane@example.com' }] },
      { reports: [{ kind: 'page-view', ...base, session: 'x', path: '/' }] },
      { reports: [{ kind: 'page-view', ...base, path: '/', releases: { '../etc': '1' } }] },
      { reports: [{ kind: 'vital', ...base, path: '/', name: 'FID', value: 3 }] },
      { reports: [{ kind: 'vital', ...base, path: '/', name: 'LCP', value: -1 }] },
      { reports: [{ kind: 'remote-failure', ...base, path: '/', remote: 'catalog', phase: 'somewhere' }] },
      { reports: [{ kind: 'customer', ...base, path: '/', email: 'jane@example.com' }] },
      { reports: Array.from({ length: 51 }, () => ({ kind: 'page-view', ...base, path: '/' })) },
      { reports: { kind: 'page-view', ...base, path: '/' } },
    ];
    for (const body of bad) assert.equal((await post(body)).status, 400, JSON.stringify(body).slice(0, 80));
    assert.deepEqual(await rows(), []);
  });

  it('refuses a body over 32 KB with 413', async () => {
    const answer = await post({ reports: [{ kind: 'page-view', ...base, path: `/${'a'.repeat(40_000)}` }] });
    assert.equal(answer.status, 413);
  });

  it('limits batches per client address, with Retry-After', async () => {
    const strict = createApp({ db: api.db, config: { ...api.config, rateLimits: { ...api.config.rateLimits, reports: 3 } } });
    const body = { reports: [{ kind: 'page-view', ...base, path: '/' }] };
    for (let index = 0; index < 3; index += 1) assert.equal((await post(body, undefined, strict)).status, 204);
    const refused = await post(body, undefined, strict);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('Retry-After')) > 0);
    assert.equal((await rows(strict)).length, 3);
  });
});

describe('Content-Security-Policy violations the browser reports itself (issue 23)', () => {
  it('keeps, from the Reporting API’s list, the page’s path, the directive and the blocked origin', async () => {
    const answer = await post(
      [
        {
          type: 'csp-violation',
          age: 10,
          url: 'http://localhost:3000/login?next=/cart',
          user_agent: 'Mozilla/5.0',
          body: {
            documentURL: 'http://localhost:3000/reset-password/secret-token-value-123456?x=1',
            effectiveDirective: 'script-src-elem',
            blockedURL: 'https://evil.example/steal.js?c=jane@example.com',
            sample: 'jane@example.com',
            disposition: 'enforce',
          },
        },
        { type: 'deprecation', age: 1, url: 'http://localhost:3000/', body: { id: 'x' } },
      ],
      'application/reports+json',
    );
    assert.equal(answer.status, 204);
    const stored = await rows();
    assert.deepEqual(
      stored.map(({ kind, path, subject, message, session }) => ({ kind, path, subject, message, session })),
      [{ kind: 'csp', path: '/reset-password/*', subject: 'script-src-elem', message: 'https://evil.example', session: null }],
    );
    assert.ok(!JSON.stringify(stored).includes('jane@example.com'));
  });

  it('reads the older report-uri form too', async () => {
    const answer = await post(
      { 'csp-report': { 'document-uri': 'http://localhost:3000/courses', 'violated-directive': "style-src-elem 'self'", 'blocked-uri': 'inline' } },
      'application/csp-report',
    );
    assert.equal(answer.status, 204);
    const [row] = await rows();
    assert.deepEqual([row!.kind, row!.path, row!.subject, row!.message], ['csp', '/courses', 'style-src-elem', 'inline']);
  });
});

describe('what a report may keep', () => {
  it('a path keeps its first segment only', () => {
    assert.equal(anonymousPath('/'), '/');
    assert.equal(anonymousPath('/courses'), '/courses');
    assert.equal(anonymousPath('/confirm-email/abc.def'), '/confirm-email/*');
    assert.equal(anonymousPath('http://site/blog/7?utm=x#top'), '/blog/*');
  });
  it('a message loses addresses, numbers, tokens and query strings', () => {
    assert.equal(scrub('failed for a.b@c.ke at /x?y=1 code 123456'), 'failed for <email> at /x?… code <number>');
    assert.equal(scrub('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0'), 'Bearer <token>.<token>');
  });
});

describe('release health summary and bounded space (issue 26)', () => {
  const token = 'read-token-for-the-tests-0123456789';
  /** A grant as the delivery tools sign one (tooling/delivery/report-grant.mjs; the same example is checked there). */
  const signedGrant = (channel: string, releases: Record<string, string[]>, key = token) => {
    const payload = Buffer.from(JSON.stringify({ channel, releases })).toString('base64url');
    return `${payload}.${createHmac('sha256', `report-grant:${key}`).update(payload).digest('base64url')}`;
  };
  const summary = (app: ReturnType<typeof createApp>, query: string, auth = `Bearer ${token}`) =>
    app.request(`/api/reports/summary?${query}`, { headers: { Authorization: auth } });

  /** The API behind one proxy hop, as in production: a visit's address is the forwarded one. */
  const behindProxy = () => createApp({ db: api.db, config: { ...api.config, reportsReadToken: token, trustedProxyHops: 1 } });
  const send = (app: ReturnType<typeof createApp>, path: string, address: string, body: unknown) =>
    app.request(path, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': address }, body: JSON.stringify(body) });

  /** A visit as the shell makes one: the site starts its session with the channel's grant, then its reports name it. */
  async function startVisit(app: ReturnType<typeof createApp>, catalog: string, { channel = 'production', address = '198.51.100.1' } = {}) {
    const releases = { shell: 's1', catalog };
    const grant = signedGrant(channel, { shell: ['s1'], catalog: ['stable', 'next'] });
    const started = await send(app, '/api/reports/session', address, { channel, releases, grant });
    assert.equal(started.status, 200, await started.clone().text());
    const { session } = reportSessionSchema.parse(await started.json());
    return {
      session,
      report: async (...reports: Record<string, unknown>[]) => {
        const answer = await send(app, '/api/reports', address, {
          reports: reports.map((fields) => ({ session, channel, releases, path: '/courses', ...fields })),
        });
        assert.equal(answer.status, 204);
      },
    };
  }
  const healthOf = async (app: ReturnType<typeof createApp>) => {
    const answer = await summary(app, 'channel=production&app=catalog');
    assert.equal(answer.status, 200);
    return Object.fromEntries(((await answer.json()) as { releases: ReleaseHealth[] }).releases.map((release) => [release.version, release]));
  };

  it('counts page views, sessions, error and failure sessions and p75 vitals by release of one app', async () => {
    const app = behindProxy();
    const stable = await Promise.all([1, 2, 3, 4].map(() => startVisit(app, 'stable')));
    for (const visit of stable) await visit.report({ kind: 'page-view' }, { kind: 'page-view' });
    const [b1, b2] = [await startVisit(app, 'next'), await startVisit(app, 'next')];
    await b1!.report({ kind: 'page-view' }, { kind: 'error', source: 'catalog', message: 'x' }, { kind: 'error', source: 'catalog', message: 'again' });
    await b2!.report({ kind: 'page-view' });
    await stable[0]!.report({ kind: 'error', source: 'shell', message: 'not catalog’s' });
    await stable[1]!.report({ kind: 'remote-failure', remote: 'catalog', phase: 'chunk' });
    for (const [index, value] of [100, 200, 300, 400].entries()) await stable[index]!.report({ kind: 'vital', name: 'INP', value });
    await (await startVisit(app, 'stable', { channel: 'staging' })).report({ kind: 'page-view' });

    assert.equal((await summary(app, 'channel=production&app=catalog', 'Bearer wrong')).status, 401);
    assert.equal((await summary(api.app, 'channel=production&app=catalog')).status, 404, 'no token configured: no summary');
    const answer = await summary(app, 'channel=production&app=catalog');
    assert.equal(answer.headers.get('Cache-Control'), 'no-store');
    const byVersion = await healthOf(app);
    assert.deepEqual(
      { ...byVersion.stable, vitals: undefined },
      { version: 'stable', pageViews: 8, sessions: 4, sources: 1, errorSessions: 0, errorSources: 0, failureSessions: 1, failureSources: 1, vitals: undefined },
    );
    assert.deepEqual(byVersion.stable!.vitals.INP, { p75: 325, count: 4 });
    assert.deepEqual(
      { ...byVersion.next, vitals: undefined },
      { version: 'next', pageViews: 2, sessions: 2, sources: 1, errorSessions: 1, errorSources: 1, failureSessions: 0, failureSources: 0, vitals: undefined },
    );
    assert.equal((await summary(app, 'channel=../x&app=catalog')).status, 400);
  });

  it('counts only sessions the site started, by the releases they were started with (issue 39)', async () => {
    const app = behindProxy();
    const visit = await startVisit(app, 'next');
    await visit.report({ kind: 'page-view' });
    // A report of that session that names the stable release: counted for the session's release, never charged to another.
    await visit.report({ kind: 'error', source: 'catalog', message: 'x', releases: { shell: 's1', catalog: 'stable' } });
    // Session ids nobody started: nothing counts, whatever they send.
    const invented = Array.from({ length: 10 }, (_, n) => [
      { kind: 'page-view', session: `inventedvisit${n}`, channel: 'production', releases: { shell: 's1', catalog: 'stable' }, path: '/courses' },
      { kind: 'error', session: `inventedvisit${n}`, channel: 'production', releases: { shell: 's1', catalog: 'stable' }, path: '/courses', source: 'catalog' },
    ]).flat();
    assert.equal((await send(app, '/api/reports', '203.0.113.9', { reports: invented })).status, 400, 'a batch of invented sessions only');
    const mixed = [
      ...invented,
      { kind: 'page-view', session: visit.session, channel: 'production', releases: { shell: 's1', catalog: 'next' }, path: '/courses' },
    ];
    assert.equal((await send(app, '/api/reports', '203.0.113.9', { reports: mixed })).status, 204);
    assert.deepEqual(new Set((await rows(app)).map((row) => row.session)), new Set([visit.session]), 'only the started session’s reports are kept');
    const byVersion = await healthOf(app);
    assert.deepEqual(Object.keys(byVersion), ['next']);
    assert.equal(byVersion.next!.sessions, 1);
    assert.equal(byVersion.next!.errorSessions, 1);

    // A session is short-lived: one started more than SESSION_HOURS ago counts for nothing, whatever it sends now.
    const old = await startVisit(app, 'next', { address: '198.51.100.99' });
    await rows(app);
    await api.db.query(`UPDATE report_sessions SET started_at = now() - interval '${SESSION_HOURS + 1} hours' WHERE id = $1`, [old.session]);
    await old.report({ kind: 'page-view' }, { kind: 'error', source: 'catalog', message: 'late' });
    assert.equal((await healthOf(app)).next!.sessions, 1);
  });

  it("a session is started only for a channel and releases of the contract's shapes, at most RATE_LIMIT_REPORT_SESSIONS a window from one address", async () => {
    const strict = createApp({ db: api.db, config: { ...api.config, trustedProxyHops: 1, rateLimits: { ...api.config.rateLimits, reportSessions: 2 } } });
    const bad = [{}, { channel: 'production' }, { channel: '../x', releases: { shell: 's1' } }, { releases: { '../etc': '1' } }];
    for (const [index, body] of bad.entries()) {
      assert.equal((await send(strict, '/api/reports/session', `198.51.100.${70 + index}`, body)).status, 400, JSON.stringify(body));
    }
    const answers = await Promise.all(
      [1, 2, 3].map(() => send(strict, '/api/reports/session', '198.51.100.8', { channel: 'production', releases: { shell: 's1' } })),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 429],
    );
    assert.equal(answers[0]!.headers.get('Cache-Control'), 'no-store');
    assert.ok(Number(answers[2]!.headers.get('Retry-After')) > 0);
    assert.equal(
      (await send(strict, '/api/reports/session', '198.51.100.9', { channel: 'production', releases: { shell: 's1' } })).status,
      200,
      'another address',
    );
  });

  it('counts an IPv6 client by its /64: ten addresses of one subscriber are one source, and its /64 neighbour is another', async () => {
    const strict = createApp({ db: api.db, config: { ...api.config, trustedProxyHops: 1, rateLimits: { ...api.config.rateLimits, reportSessions: 2 } } });
    const start = (address: string) => send(strict, '/api/reports/session', address, { channel: 'production', releases: { shell: 's1' } });
    const statuses = [];
    for (let n = 1; n <= 10; n++) statuses.push((await start(`2001:db8:77:1::${n.toString(16)}`)).status);
    assert.deepEqual(statuses, [200, 200, 429, 429, 429, 429, 429, 429, 429, 429]);
    assert.equal((await start('2001:db8:77:2::1')).status, 200, 'another /64');
    assert.equal((await start('::ffff:198.51.100.77')).status, 200);
    assert.equal((await start('198.51.100.77')).status, 200);
    assert.equal((await start('198.51.100.77')).status, 429, 'an IPv4-mapped address is that IPv4 address');
  });

  it('starts a session only for what the channel serves, as its signed grant says (issue 39)', async () => {
    const app = behindProxy();
    const start = (body: Record<string, unknown>, address = '198.51.100.40') => send(app, '/api/reports/session', address, body);
    const served = { shell: ['s1'], catalog: ['stable', 'next'] };
    const releases = { shell: 's1', catalog: 'next' };
    const refused = [
      { channel: 'production', releases },
      { channel: 'production', releases, grant: 'not-a-grant' },
      { channel: 'production', releases, grant: signedGrant('production', served, 'another-token') },
      { channel: 'staging', releases, grant: signedGrant('production', served) },
      { channel: 'production', releases: { ...releases, catalog: 'invented' }, grant: signedGrant('production', served) },
      { channel: 'production', releases: { ...releases, account: 'a1' }, grant: signedGrant('production', served) },
      {
        channel: 'production',
        releases,
        grant: `${signedGrant('production', served).split('.')[0]}.${signedGrant('production', { catalog: ['next'] }).split('.')[1]}`,
      },
    ];
    for (const [index, body] of refused.entries()) {
      const answer = await start(body, `198.51.100.${40 + index}`);
      assert.equal(answer.status, 403, JSON.stringify(body).slice(0, 120));
    }
    const answer = await start({ channel: 'production', releases, grant: signedGrant('production', served) });
    assert.equal(answer.status, 200);
    const { session } = reportSessionSchema.parse(await answer.json());
    assert.equal(isStartedSession(session, api.config.jwtSecret), true);
    assert.equal(isStartedSession(session, 'another-secret-0123456789012345678901'), false, 'another API’s secret');
    assert.equal(isStartedSession(`${session.slice(0, 12)}00000000`, api.config.jwtSecret), false, 'an invented mark');
    // Without a reports read token nothing reads the release health: no grant is asked for.
    assert.equal((await send(api.app, '/api/reports/session', '198.51.100.60', { channel: 'production', releases })).status, 200);
  });

  it('the summary reads with the planner’s statistics up to date, which PGlite’s missing autovacuum never makes (136 s for 20,000 sessions without)', async () => {
    const app = behindProxy();
    await (await startVisit(app, 'next')).report({ kind: 'page-view' });
    // Statistics as a new deployment has them: none.
    const analyzed = async () => {
      const rows = await api.db.query<{ relname: string; reltuples: number }>(
        "SELECT relname, reltuples FROM pg_class WHERE relname IN ('browser_reports', 'report_sessions') ORDER BY relname",
      );
      return rows.map((row) => row.reltuples >= 0);
    };
    await api.db.query("UPDATE pg_class SET reltuples = -1 WHERE relname IN ('browser_reports', 'report_sessions')");
    assert.deepEqual(await analyzed(), [false, false]);
    assert.equal((await summary(app, 'channel=production&app=catalog')).status, 200);
    assert.deepEqual(await analyzed(), [true, true], 'ANALYZE ran before the summary');
  });

  it('reads the release health a page of sessions at a time, with the site’s reads let in between, and sums it as one query would', async () => {
    const app = behindProxy();
    for (let n = 0; n < 7; n++) {
      const visit = await startVisit(app, n % 2 ? 'next' : 'stable', { address: `198.51.100.${n + 1}` });
      // Every other visit sends nothing: a page may hold sessions without reports, and paging goes on past them.
      if (n % 3)
        await visit.report({ kind: 'page-view' }, { kind: 'vital', name: 'LCP', value: 1000 * n }, ...(n === 4 ? [{ kind: 'error', source: 'catalog' }] : []));
    }
    await rows(app);
    const order: string[] = [];
    const paged = {
      ...api.db,
      query: ((sql: string, params?: unknown[]) => {
        order.push('page');
        // A request arrives during the first page; its read is asked for as soon as it is read.
        if (order.length === 1) setImmediate(() => order.push('read'));
        return api.db.query(sql, params);
      }) as typeof api.db.query,
    };
    const query = { channel: 'production', app: 'catalog', since: new Date(Date.now() - 3_600_000).toISOString() };
    const byPages = await releaseHealth(paged, query, 2);
    assert.deepEqual(order.slice(0, 3), ['page', 'read', 'page'], 'the read goes between the first two pages');
    assert.ok(order.filter((step) => step === 'page').length >= 4, 'seven sessions, and those of earlier tests, two a page');
    const whole = await releaseHealth(api.db, query);
    assert.deepEqual(byPages, whole);
    const next = whole.find((release) => release.version === 'next')!;
    assert.deepEqual(
      { sessions: next.sessions, errorSessions: next.errorSessions, lcp: next.vitals.LCP },
      { sessions: 2, errorSessions: 0, lcp: { p75: 4000, count: 2 } },
    );
    const stable = whole.find((release) => release.version === 'stable')!;
    assert.deepEqual(
      { sessions: stable.sessions, errorSessions: stable.errorSessions, lcp: stable.vitals.LCP },
      { sessions: 2, errorSessions: 1, lcp: { p75: 3500, count: 2 } },
    );
  });

  it('p75 is PostgreSQL’s percentile_cont(0.75)', async () => {
    for (const values of [[1], [4, 1], [100, 200, 300, 400], [0.1, 0.05, 0.3, 0.2, 0.25], [7, 7, 7, 1, 9, 3]]) {
      const [{ p } = { p: null }] = await api.db.query<{ p: number }>(
        'SELECT percentile_cont(0.75) WITHIN GROUP (ORDER BY v) AS p FROM unnest($1::float8[]) AS v',
        [values],
      );
      assert.ok(Math.abs(p75(values)! - p!) < 1e-9, `${values}: ${p75(values)} against ${p}`);
    }
    assert.equal(p75([]), null);
  });

  it('reads the grant the delivery tools sign (the same example is checked in tooling/delivery/report-grant.test.mjs)', () => {
    const example =
      'eyJjaGFubmVsIjoicHJvZHVjdGlvbiIsInJlbGVhc2VzIjp7InNoZWxsIjpbInMxIl0sImNhdGFsb2ciOlsic3RhYmxlIiwibmV4dCJdfX0.YJ_By_9o5lQzb4ujDIqX2eXHx2eh95uqIWS3FFnffQs';
    assert.equal(grantCovers(example, 'example-token', 'production', { shell: 's1', catalog: 'next' }), true);
    assert.equal(grantCovers(example, 'example-token', 'production', { shell: 's1', catalog: 'other' }), false);
    assert.equal(grantCovers(example, 'another-token', 'production', { shell: 's1' }), false);
    assert.equal(grantCovers(example, 'example-token', undefined, { shell: 's1' }), false);
  });

  it('counts only sessions with a page view, at most SESSIONS_PER_SOURCE of each source, and says how many sources (issue 39)', async () => {
    const app = behindProxy();
    // Real visitors: 30 sessions of the canary from 30 addresses, 3 of them with an error and a slow vital.
    const erring = [{ kind: 'page-view' }, { kind: 'error', source: 'catalog', message: 'x' }, { kind: 'vital', name: 'INP', value: 5000 }];
    for (let n = 0; n < 30; n++) {
      const visit = await startVisit(app, 'next', { address: `198.51.100.${n + 1}` });
      await visit.report(...(n < 3 ? erring : [{ kind: 'page-view' }]));
    }
    // One stranger, from one address: 40 sessions started, each with an error and a slow vital.
    for (let n = 0; n < 40; n++) await (await startVisit(app, 'next', { address: '203.0.113.66' })).report(...erring);
    // And sessions that send only errors: no visit.
    for (let n = 0; n < 5; n++) await (await startVisit(app, 'next', { address: '203.0.113.67' })).report({ kind: 'error', source: 'catalog', message: 'x' });

    const next = (await healthOf(app)).next!;
    assert.equal(next.sessions, 30 + SESSIONS_PER_SOURCE, 'the stranger adds at most SESSIONS_PER_SOURCE sessions; errors alone add none');
    assert.equal(next.sources, 31);
    assert.equal(next.errorSessions, 3 + SESSIONS_PER_SOURCE);
    assert.equal(next.errorSources, 4, 'the errors come from four sources, whatever their number');
    assert.equal(next.vitals.INP!.count, 3 + SESSIONS_PER_SOURCE, 'vitals of the counted sessions only');
  });

  it('keeps reports for the retention time and at most the configured number of rows', async () => {
    const sessions = Array.from({ length: 5 }, () => newSessionId(api.config.jwtSecret));
    await post({ reports: sessions.map((session) => ({ kind: 'page-view', ...base, session, path: '/' })) });
    await rows();
    await api.db.query(`UPDATE browser_reports SET received_at = now() - interval '31 days' WHERE session = $1`, [sessions[0]]);
    await sweepReports({ db: api.db, config: { ...api.config, reports: { ...api.config.reports, retentionDays: 30, maxRows: 3 } } });
    assert.deepEqual(
      (await rows()).map((row) => row.session),
      sessions.slice(2),
    );
  });
});

describe('a flood of reports costs the site nothing and evicts no one else’s (issue 39)', () => {
  const row = (source: string, session = 'floodvisit01'): ReportRow => ({
    kind: 'page-view',
    source,
    session,
    channel: 'production',
    releases: { shell: 's1' },
    path: '/',
    subject: null,
    phase: null,
    message: null,
    value: null,
  });

  it('report requests from ever new addresses do no database work; their rows are written later in one INSERT', async () => {
    let queries = 0;
    const counted = {
      ...api.db,
      query: ((sql: string, params?: unknown[]) => {
        queries += 1;
        return api.db.query(sql, params);
      }) as typeof api.db.query,
    };
    const app = createApp({ db: counted, config: { ...api.config, trustedProxyHops: 1 } });
    for (let n = 0; n < 50; n++) {
      const answer = await app.request('/api/reports', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': `203.0.113.${n}` },
        body: JSON.stringify({ reports: [{ kind: 'page-view', ...base, path: '/' }] }),
      });
      assert.equal(answer.status, 204);
    }
    assert.equal(queries, 0, 'no rate-limit write, no insert while the requests are answered');
    assert.equal((await rows(app)).length, 50);
    assert.equal(queries, 2, 'one INSERT for the fifty, and the test route’s read');
  });

  it('at most MAX_WAITING_ROWS wait to be written: past that, new rows are dropped', async () => {
    const inserts: number[] = [];
    const db = {
      ...api.db,
      query: (async (sql: string, params?: unknown[]) => {
        if (sql.startsWith('INSERT')) inserts.push((params?.length ?? 0) / 10);
        return [];
      }) as typeof api.db.query,
    };
    const intake = reportIntake({ db, config: api.config });
    const batch = Array.from({ length: 1000 }, (_, n) => row('aaaaaa', `visit${n}`));
    for (let n = 0; n < MAX_WAITING_ROWS / 1000; n++) assert.equal(intake.accept(batch), true);
    assert.equal(intake.accept([row('bbbbbb')]), false);
    await intake.flush();
    assert.deepEqual(
      inserts,
      Array.from({ length: MAX_WAITING_ROWS / 250 }, () => 250),
      '250 rows to an INSERT',
    );
    assert.equal(intake.accept([row('bbbbbb')]), true, 'room again once written');
  });

  it('a read that arrives while reports are written goes between two INSERTs, not after them all', async () => {
    const order: string[] = [];
    const db = {
      ...api.db,
      query: (async (sql: string) => {
        order.push(sql.split(' ')[0]!);
        // A request arrives during the first INSERT; its read is asked for as soon as it is read.
        if (order.length === 1) setImmediate(() => order.push('read'));
        return [];
      }) as typeof api.db.query,
    };
    const intake = reportIntake({ db, config: api.config });
    intake.accept(Array.from({ length: 1000 }, (_, n) => row('aaaaaa', `visit${n}`)));
    await intake.flush();
    assert.deepEqual(order, ['INSERT', 'read', 'INSERT', 'INSERT', 'INSERT']);
  });

  it('past the most rows kept, the sources that sent the most lose theirs first', async () => {
    // Ten visitors' sources with 5 rows each, and a flood of 500 from one source; room for 100.
    await api.db.query(
      `INSERT INTO browser_reports (kind, source, session, channel, releases, path)
       SELECT 'page-view', 'real0' || (n % 10), 'realvisit' || n, 'production', '{}', '/' FROM generate_series(1, 50) AS n`,
    );
    await api.db.query(
      `INSERT INTO browser_reports (kind, source, session, channel, releases, path)
       SELECT 'page-view', 'flood1', 'floodvisit' || n, 'production', '{}', '/' FROM generate_series(1, 500) AS n`,
    );
    await sweepReports({ db: api.db, config: { ...api.config, reports: { ...api.config.reports, retentionDays: 30, maxRows: 100 } } });
    const kept = await api.db.query<{ source: string; rows: number }>(
      'SELECT source, count(*)::int AS rows FROM browser_reports GROUP BY source ORDER BY source',
    );
    assert.equal(
      kept.filter((entry) => entry.source.startsWith('real')).reduce((sum, entry) => sum + entry.rows, 0),
      50,
      'every real row kept',
    );
    assert.deepEqual(
      kept.find((entry) => entry.source === 'flood1'),
      { source: 'flood1', rows: 50 },
    );
    const [newest] = await api.db.query<{ session: string }>("SELECT session FROM browser_reports WHERE source = 'flood1' ORDER BY id DESC LIMIT 1");
    assert.equal(newest!.session, 'floodvisit500', 'a source keeps its newest rows');
  });

  it('the per-address limit in memory counts each address and holds at most maxKeys of them a window', () => {
    const limit = new MemoryLimiter(2, 60_000, 3);
    const at = 1_000_000;
    for (const address of ['a', 'b', 'c']) assert.equal(limit.hit(address, at).allowed, true);
    assert.deepEqual(limit.hit('d', at), { allowed: false, retryAfterSeconds: 60 }, 'a fourth address while three are held');
    assert.equal(limit.hit('a', at).allowed, true);
    assert.equal(limit.hit('a', at + 30_000).allowed, false, 'the third of the window');
    assert.equal(limit.hit('d', at + 60_000).allowed, true, 'a new window');
  });

  it('rowsKeptPerSource: the level that fits, with the small sources whole', () => {
    assert.equal(rowsKeptPerSource([5, 5, 500], 100), 90);
    assert.equal(rowsKeptPerSource([30, 40, 50], 120), Infinity);
    assert.equal(rowsKeptPerSource([100, 100, 100], 150), 50);
    assert.equal(rowsKeptPerSource([], 10), Infinity);
  });
});
