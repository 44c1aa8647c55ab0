import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrations';
import { seed } from '../src/db/seed';
import { createPasswords, OWASP_SCRYPT } from '../src/accounts/passwords';
import { startApiProcess, type ApiProcess } from '../src/test-support';

// The real server processes (src/main.ts, production settings, request logs on) under 100 connections per
// route: PGlite with one instance, and, when BENCH_POSTGRES_URL names a PostgreSQL server's admin URL
// (`npm run bench:api` starts a throw-away one), PostgreSQL with one and with two instances.
// Two instances are balanced by autocannon itself, which spreads its connections round-robin over the
// URLs it is given: no proxy process competes with them for the two cores.
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const EMAIL = 'bench@example.co.ke';
const PASSWORD = 'Bench-password-1';
const JWT_SECRET = randomBytes(32).toString('hex');

interface Outcome {
  setup: string;
  route: string;
  requestsPerSecond: number;
  completed: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

type Request = Pick<autocannon.Options, 'method' | 'headers' | 'body'>;
const json = (body: unknown): Request => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Route, path, request, and how many times BENCH_SECONDS it runs. */
const routes: [string, string, Request, number][] = [
  ['GET /api/course', '/api/course', { method: 'GET' }, 1],
  ['GET /api/event', '/api/event', { method: 'GET' }, 1],
  ['POST /api/enquiry', '/api/enquiry', json({ name: 'Bench Visitor', email: EMAIL, mobile: '712345678', comment: 'A question about HACCP' }), 1],
  // 100 logins queue behind the password hash and finish together about 10 s later on this machine: a
  // longer run counts several such waves instead of zero or one.
  ['POST /api/user/login', '/api/user/login', json({ email: EMAIL, password: PASSWORD }), 3],
];

/** Migrates, seeds and adds the customer who logs in, before any server starts. */
async function prepare(db: Db): Promise<void> {
  await migrate(db);
  await seed(db);
  await db.query('INSERT INTO customers (id, firstname, lastname, email, mobile, password_hash) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    'Bench',
    'Customer',
    EMAIL,
    '700000000',
    await createPasswords(OWASP_SCRYPT).hash(PASSWORD),
  ]);
  await db.close();
}

async function load(setup: string, urls: string[], [route, path, request, runs]: (typeof routes)[number]): Promise<Outcome> {
  const seconds = DURATION_S * runs;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      // A long timeout: logins queue behind the deliberately slow password hash, and a timed-out request has no latency.
      {
        // autocannon takes several URLs and spreads its connections over them; its types know only one.
        url: urls.map((url) => `${url}${path}`) as unknown as string,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 30,
        ...request,
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    // Exact percentiles from every response time, not autocannon's histogram buckets.
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    setup,
    route,
    requestsPerSecond: Math.round(latencies.length / seconds),
    completed: latencies.length,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Starts `count` instances on the database `env` names, runs every route against them, stops them gracefully. */
async function bench(setup: string, count: number, env: Record<string, string>): Promise<Outcome[]> {
  const instances: ApiProcess[] = await Promise.all(
    Array.from({ length: count }, () =>
      startApiProcess({
        ...env,
        NODE_ENV: 'production',
        MAIL_TO_TERMINAL: 'on',
        JWT_SECRET,
        // One client address hammering login and enquiries: the limits would stop it at once.
        RATE_LIMIT_LOGIN: '1000000000',
        RATE_LIMIT_LOGIN_PAIR: '1000000000',
        RATE_LIMIT_LOGIN_ACCOUNT: '1000000000',
        RATE_LIMIT_WRITES_SOURCE: '1000000000',
        RATE_LIMIT_WRITES_EMAIL: '1000000000',
      }),
    ),
  );
  const outcomes: Outcome[] = [];
  for (const route of routes) {
    outcomes.push(
      await load(
        setup,
        instances.map((instance) => instance.url),
        route,
      ),
    );
    console.log(`${setup}, ${route[0]}: done (load average ${loadavg()[0]!.toFixed(2)})`);
  }
  // Logins queued behind scrypt outlive autocannon's sockets: the graceful shutdown lets them finish.
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.exited));
  return outcomes;
}

const loadBefore = loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per route (login 3×); load average before: ${loadBefore}`);
const outcomes: Outcome[] = [];

const dataDir = mkdtempSync(join(tmpdir(), 'agri-api-bench-'));
try {
  await prepare(await openPglite(dataDir));
  outcomes.push(...(await bench('PGlite, 1 instance', 1, { DATA_DIR: dataDir })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const postgresAdminUrl = process.env.BENCH_POSTGRES_URL;
if (postgresAdminUrl) {
  for (const count of [1, 2]) {
    // A fresh database each time, so both setups start from the same rows.
    const name = `agri_bench_${count}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    await prepare(openPostgres(url.toString()));
    outcomes.push(...(await bench(`PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`, count, { DATABASE_URL: url.toString() })));
  }
} else {
  console.log('BENCH_POSTGRES_URL is not set: PostgreSQL skipped (npm run bench:api from the root starts a server).');
}

console.table(
  outcomes.map((o) => ({
    setup: o.setup,
    route: o.route,
    'req/s': o.requestsPerSecond,
    completed: o.completed,
    'p50 ms': o.p50,
    'p99 ms': o.p99,
    'non-2xx': o.non2xx,
    errors: o.errors,
  })),
);
const ratios = routes.map(([route]) => {
  const one = outcomes.find((o) => o.setup === 'PostgreSQL, 1 instance' && o.route === route);
  const two = outcomes.find((o) => o.setup === 'PostgreSQL, 2 instances' && o.route === route);
  const ratio = one?.completed && two ? (two.requestsPerSecond / one.requestsPerSecond).toFixed(2) : '–';
  return { route, 'PostgreSQL req/s, 2 instances / 1': ratio };
});
console.table(ratios);
console.log(
  `load average after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
