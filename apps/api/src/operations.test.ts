// What a load balancer and an operator rely on (issue 14): liveness and readiness, one JSON log line per
// request with nothing secret in it, and a shutdown that lets the requests in flight finish.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { createApp } from './app';
import type { Db } from './db/db';
import { createLogger } from './log';
import { API_LIMITS, reportsDoor, serveApi, type ConnectionLimits } from './server';
import { emptyDatabase } from './test-database';
import { startTestApi, testConfig, TEST_PASSWORD, type TestApi } from './test-support';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('health and readiness', () => {
  it('GET /api/health answers while the process runs; /api/ready once the database is migrated', async () => {
    assert.deepEqual(await (await api.call('GET', '/api/health')).json(), { status: 'ok' });
    const ready = await api.call('GET', '/api/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ready' });
  });

  it('GET /api/ready answers 503 while migrations are pending', async () => {
    const database = await emptyDatabase();
    try {
      const app = createApp({ db: await database.connect(), config: api.config });
      const answer = await app.request('/api/ready');
      assert.equal(answer.status, 503);
      assert.match(((await answer.json()) as { message: string }).message, /migrations pending \(001-initial/);
      assert.equal((await app.request('/api/health')).status, 200);
    } finally {
      await database.drop();
    }
  });

  it('GET /api/ready answers 503 when the database is unreachable', async (t) => {
    t.mock.method(console, 'error', () => {});
    const unreachable: Db = { ...api.db, query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) };
    const answer = await createApp({ db: unreachable, config: api.config }).request('/api/ready');
    assert.equal(answer.status, 503);
    assert.deepEqual(await answer.json(), { message: 'Not ready: the database is unreachable' });
  });
});

describe('JSON logs', () => {
  it('writes one line per request: time, level, request id, method, route pattern, status, duration; no secrets', async (t) => {
    const lines: string[] = [];
    t.mock.method(console, 'log', (line: string) => void lines.push(line));
    const app = createApp({ db: api.db, config: testConfig({ LOG_LEVEL: 'info' }) });
    const email = 'logged.customer@example.co.ke';
    await api.signUp(email);
    const login = await app.request('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const resetToken = 'a-reset-token-that-must-not-be-logged';
    await app.request(`/api/user/reset-password/${resetToken}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
    assert.equal(lines.length, 2);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      { ...first, time: typeof first!.time, durationMs: typeof first!.durationMs },
      {
        time: 'string',
        level: 'info',
        message: 'request',
        requestId: login.headers.get('X-Request-Id'),
        method: 'POST',
        route: '/api/user/login',
        status: 200,
        durationMs: 'number',
      },
    );
    assert.ok(!Number.isNaN(Date.parse(first!.time as string)));
    assert.deepEqual([second!.route, second!.status], ['/api/user/reset-password/:token', 400]);
    for (const secret of [TEST_PASSWORD, token, resetToken, email]) assert.ok(!lines.join('\n').includes(secret), secret);
  });

  it('writes nothing below LOG_LEVEL, and refuses an unknown level', async (t) => {
    const lines: string[] = [];
    t.mock.method(console, 'log', (line: string) => void lines.push(line));
    await createApp({ db: api.db, config: testConfig({ LOG_LEVEL: 'warn' }) }).request('/api/health');
    assert.deepEqual(lines, []);
    assert.throws(() => testConfig({ LOG_LEVEL: 'verbose' }), /LOG_LEVEL="verbose" must be one of: info, warn, error, silent/);
  });
});

describe('graceful shutdown', () => {
  /** An app with a route that answers only when the test lets it, and a database that records its closing. */
  async function serveSlow(graceMs: number) {
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const app = new Hono().get('/slow', async (c) => {
      arrived();
      await released;
      return c.text('done');
    });
    let closed = false;
    const db = { ...api.db, close: async () => void (closed = true) };
    const log = createLogger('silent');
    const server = await serveApi({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', db, log, graceMs, reportsPerSecond: 200, allowedOrigins: [] });
    const url = `http://127.0.0.1:${server.address.port}`;
    return { server, url, inFlight, release, isClosed: () => closed };
  }

  it('stops taking requests, finishes the one in flight, then closes the database', async () => {
    const { server, url, inFlight, release, isClosed } = await serveSlow(10_000);
    const slow = fetch(`${url}/slow`);
    await inFlight;
    const stopped = server.shutdown();
    await assert.rejects(fetch(`${url}/slow`), /fetch failed/);
    assert.equal(isClosed(), false);
    setTimeout(release, 200);
    const answer = await slow;
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), 'done');
    // At once, not when the answered keep-alive connection would time out.
    const answeredAt = Date.now();
    await stopped;
    assert.ok(Date.now() - answeredAt < 1000, `shutdown took ${Date.now() - answeredAt} ms after the answer`);
    assert.equal(isClosed(), true);
  });

  it('cuts a request still in flight after the grace period', async () => {
    const { server, url, inFlight, release, isClosed } = await serveSlow(300);
    const slow = fetch(`${url}/slow`);
    await inFlight;
    const started = Date.now();
    await server.shutdown();
    assert.ok(Date.now() - started >= 250);
    await assert.rejects(slow, /fetch failed/);
    assert.equal(isClosed(), true);
    release();
  });
});

describe('slow clients and too many connections (issue 23)', () => {
  /** Sends `bytes` on a fresh connection; resolves with the first line answered and when the server closed it. */
  function rawClient(port: number, bytes: string) {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    const answered = new Promise((resolve) => socket.once('data', resolve));
    const closed = new Promise<{ status: string; afterMs: number; body: string }>((resolve) =>
      socket.on('close', () => resolve({ status: answer.split('\r\n')[0] ?? '', afterMs: Date.now() - started, body: answer.split('\r\n\r\n')[1] ?? '' })),
    );
    return { socket, answered, closed };
  }

  /** The site's origin, which the API lets read its answers. */
  const SITE = 'https://site.example';

  async function serveLimited(limits: Partial<ConnectionLimits>, reportsPerSecond = 200) {
    // A body cut off by the limit rejects the read: answered here as the API's routes answer a bad body.
    const app = new Hono()
      .post('/echo', async (c) => c.text(await c.req.text().catch(() => 'cut off'), 400))
      .post('/api/reports', (c) => c.body(null, 204))
      .post('/api/reports/session', (c) => c.json({ session: 'x' }))
      .get('/', (c) => c.text('ok'));
    const db = { ...api.db, close: async () => {} };
    return serveApi({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', db, log: createLogger('silent'), limits, reportsPerSecond, allowedOrigins: [SITE] });
  }

  it('past REPORTS_PER_SECOND report requests in a second, the others are answered 503 before the API parses them (issue 39)', () => {
    let now = 5_000;
    const door = reportsDoor(2, [], () => now);
    const answered: number[] = [];
    const response = { writeHead: (status: number) => (answered.push(status), { end: () => {} }) } as unknown as ServerResponse;
    const request = (method: string, url: string) => ({ method, url, headers: {} }) as IncomingMessage;
    const held = () => ['/api/reports', '/api/reports/session?x', '/api/reports'].map((url) => door(request('POST', url), response));
    assert.deepEqual(held(), [false, false, true], 'the third report request of the second');
    assert.deepEqual(
      [door(request('GET', '/api/course'), response), door(request('POST', '/api/enquiry'), response), door(request('POST', '/api/reportsx'), response)],
      [false, false, false],
      'nothing else',
    );
    now += 999;
    assert.equal(door(request('POST', '/api/reports'), response), true, 'the same second');
    now += 1;
    assert.deepEqual(held(), [false, false, true], 'the next second');
    assert.deepEqual(answered, [503, 503, 503]);
  });

  it('a report request held at the door gets 503 with Retry-After, which the site may read; reads and other writes pass', async () => {
    const server = await serveLimited({}, 0);
    const url = `http://127.0.0.1:${server.address.port}`;
    try {
      for (const path of ['/api/reports', '/api/reports/session']) {
        const answer = await fetch(`${url}${path}`, { method: 'POST', body: '{}', headers: { Origin: SITE } });
        assert.equal(answer.status, 503, path);
        assert.equal(answer.headers.get('Retry-After'), '5');
        assert.equal(answer.headers.get('Access-Control-Allow-Origin'), SITE, 'the site reads it, as any answer of the API');
      }
      const stranger = await fetch(`${url}/api/reports`, { method: 'POST', body: '{}', headers: { Origin: 'https://elsewhere.example' } });
      assert.equal(stranger.status, 503);
      assert.equal(stranger.headers.get('Access-Control-Allow-Origin'), null, 'another site does not');
      assert.equal((await fetch(`${url}/`)).status, 200);
      assert.equal((await fetch(`${url}/echo`, { method: 'POST', body: 'x' })).status, 400);
    } finally {
      await server.shutdown();
    }
  });

  it('a client that does not finish its headers in time gets 408 and is closed (10 s by default, was 90 s)', async () => {
    assert.equal(API_LIMITS.headersMs, 10_000);
    const server = await serveLimited({ headersMs: 1000, requestMs: 2000 });
    try {
      const { closed } = rawClient(server.address.port, 'GET / HTTP/1.1\r\nHost: localhost\r\n');
      const { status, afterMs } = await closed;
      assert.equal(status, 'HTTP/1.1 408 Request Timeout');
      assert.ok(afterMs < 3000, `closed after ${afterMs} ms`);
    } finally {
      await server.shutdown();
    }
  });

  it('a body sent too slowly gets 408 and is closed (30 s by default, was 300 s)', async () => {
    assert.equal(API_LIMITS.requestMs, 30_000);
    const server = await serveLimited({ headersMs: 1000, requestMs: 2000 });
    try {
      const head = 'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      const { socket, closed } = rawClient(server.address.port, head);
      const trickle = setInterval(() => socket.writable && socket.write('{'), 300);
      const { status, afterMs } = await closed;
      clearInterval(trickle);
      assert.equal(status, 'HTTP/1.1 408 Request Timeout');
      assert.ok(afterMs < 4000, `closed after ${afterMs} ms`);
    } finally {
      await server.shutdown();
    }
  });

  it('past the connection cap a new connection is answered 503 at once, and served again once one closes', async () => {
    const server = await serveLimited({ maxConnections: 2 });
    try {
      const port = server.address.port;
      // Two connections the server has surely counted: each answered, and kept alive.
      const held = [rawClient(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'), rawClient(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')];
      await Promise.all(held.map(({ answered }) => answered));
      const refused = await rawClient(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n').closed;
      assert.equal(refused.status, 'HTTP/1.1 503 Service Unavailable');
      assert.match(refused.body, /busy/);
      assert.ok(refused.afterMs < 1000, `answered after ${refused.afterMs} ms`);
      for (const { socket } of held) socket.destroy();
      await Promise.all(held.map(({ closed }) => closed));
      assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'ok');
    } finally {
      await server.shutdown();
    }
  });
});
