import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app';
import { readConfig } from '../src/config';
import { openPglite } from '../src/db/db';
import { migrate } from '../src/db/migrations';
import { seed } from '../src/db/seed';
import { hashPassword } from '../src/accounts/passwords';

// GET /api/course and POST /api/user/login under 100 connections, on a fresh file-backed PGlite, loopback only.
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = mkdtempSync(join(tmpdir(), 'agri-api-bench-'));
const db = await openPglite(dataDir);
await migrate(db);
await seed(db);
const email = 'bench@example.co.ke';
const password = 'Bench-password-1';
await db.query(
  'INSERT INTO customers (id, firstname, lastname, email, mobile, password_hash) VALUES ($1, $2, $3, $4, $5, $6)',
  [randomUUID(), 'Bench', 'Customer', email, '700000000', await hashPassword(password)],
);

// The bench is one client hammering login: raise the limits for it alone.
const config = {
  ...readConfig({ ...process.env, NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex') }),
  rateLimits: { windowMs: 60_000, login: 1e9, loginPerAccount: 1e9, otp: 1e9, mailsPerAddress: 1e9 },
};
const app = createApp({ db, config });
let inFlight = 0;
const server = serve({
  fetch: async (request) => {
    inFlight += 1;
    try {
      return await app.fetch(request);
    } finally {
      inFlight -= 1;
    }
  },
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise<void>((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;

interface Outcome {
  name: string;
  requestsPerSecond: number;
  completed: number;
  p50: number;
  p95: number;
  non2xx: number;
  errors: number;
}

type Request = Pick<autocannon.Options, 'method' | 'headers' | 'body'>;

async function run(name: string, path: string, request: Request): Promise<Outcome> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      // A long timeout: logins queue behind the deliberately slow password hash, and a timed-out request has no latency.
      { url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: DURATION_S, timeout: 30, ...request },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    // autocannon reports p90 and p97.5, not p95: keep every response time.
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    completed: latencies.length,
    p50: Math.round(at(0.5)),
    p95: Math.round(at(0.95)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, PGlite in ${dataDir}`);
const outcomes = [
  await run('GET /api/course', '/api/course', { method: 'GET' }),
  await run('POST /api/user/login', '/api/user/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }),
];
console.table(
  outcomes.map((o) => ({
    route: o.name,
    'req/s': o.requestsPerSecond,
    completed: o.completed,
    'p50 ms': o.p50,
    'p95 ms': o.p95,
    'non-2xx': o.non2xx,
    errors: o.errors,
  })),
);

// Logins queued behind scrypt outlive autocannon's sockets: let them finish before the database closes.
await new Promise((resolve) => server.close(resolve));
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
await db.close();
rmSync(dataDir, { recursive: true, force: true });
