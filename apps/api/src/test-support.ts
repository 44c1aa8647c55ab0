// The API as its tests run it: an app on a fresh database (test-database.ts), answered in-process, several instances
// on one database, a database that fails on purpose, and the real server in a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { readConfig, type Config } from './config';
import { createApp } from './app';
import type { Db, Queryable } from './db/db';
import { migrate } from './db/migrations';
import { seed } from './db/seed';
import { createLogger } from './log';
import type { Mailer } from './mail';
import { emptyDatabase } from './test-database';
import { kenyanDate } from '@agri/api-client/contract';
// Every request of a test comes from one address: the limits a test does not mean to meet, shared with the e2e
// harness and the benchmarks (plain Node, which reads JSON but not this TypeScript).
import raisedLimits from './raised-limits.json' with { type: 'json' };

export const TEST_PASSWORD = 'Shamba-2025-strong';

/** The events a visitor can still book: the seed has past ones too (the lists hide them), and those take no booking. */
export const bookable = <Item extends { endDate: string }>(events: Item[]): Item[] => events.filter((event) => event.endDate >= kenyanDate(new Date()));

/** Starts every rate limit's window afresh: for a test that builds an app with strict limits on a shared database. */
export async function clearRateLimits(db: Db): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters');
}

/** A customer's address in Nairobi as the address and checkout forms send it; `firstName` tells customers' apart. */
export const testAddress = (firstName = 'Amina') => ({
  firstName,
  lastName: 'Njoroge',
  county: 'Kenya',
  address: 'Moi Avenue 12',
  other: 'Suite 4',
  area: 'Nairobi CBD',
  phoneNumber: '712345678',
  additionalNumber: '',
});

/** Config of a test app: test mode with the outbox, limits raised so only the tests that mean to hit them do. */
export const testConfig = (env: Record<string, string> = {}): Config =>
  readConfig({
    NODE_ENV: 'test',
    TEST_MAIL_OUTBOX: 'on',
    // Hundreds of passwords are hashed: at a cost the tests can afford (config.ts allows it under NODE_ENV=test only).
    PASSWORD_HASH_LOG2N: '12',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    ...raisedLimits,
    PUBLIC_URL: 'http://api.test',
    SITE_URL: 'http://site.test',
    // Readable test output: a line per request only when asked for.
    LOG_LEVEL: 'warn',
    ...env,
  });

export interface TestApi {
  app: Hono;
  db: Db;
  config: Config;
  /** A JSON request to the app, answered in-process. */
  call(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Response>;
  /** The latest code mailed to `email`. */
  latestOtp(email: string): Promise<string>;
  /** Starts a registration as the register page does; returns the registration token the code step needs. */
  register(registration: Record<string, unknown>): Promise<string>;
  /** Registers, verifies and logs a new customer in; returns their token and id. */
  signUp(email: string): Promise<{ token: string; id: string }>;
  close(): Promise<void>;
}

/** Builds an app's mailer on its database; unset, the config's (the outbox, in tests). */
export type TestMailer = (db: Db, config: Config) => Mailer;

/** A fresh database (see emptyDatabase), migrated and seeded, behind a new app. */
export async function startTestApi(env: Record<string, string> = {}, mailer?: TestMailer): Promise<TestApi> {
  const [api] = await startInstances(1, env, mailer);
  return api!;
}

/**
 * `count` API instances on one fresh database, as behind a load balancer: each has its own connection
 * pool and its own app (everything an app keeps in memory), and they start (migrate, seed) at the same
 * moment. Closing any of them drops the database.
 */
export async function startInstances(count: number, env: Record<string, string> = {}, mailer?: TestMailer): Promise<TestApi[]> {
  const config = testConfig(env);
  const database = await emptyDatabase();
  const dbs = await Promise.all(Array.from({ length: count }, () => database.connect()));
  await Promise.all(
    dbs.map(async (db) => {
      await migrate(db);
      await seed(db, config.dialect);
    }),
  );
  return dbs.map((db) => testApi(createApp({ db, config, mailer: mailer?.(db, config) }), db, config, database.drop));
}

/**
 * `api` behind an app of its own whose database fails each statement `refused` picks, in a transaction or not: a
 * failure injected halfway through a change, to check that none of the change stays.
 */
export function withFailure(api: TestApi, refused: (sql: string, params: unknown[]) => boolean): TestApi {
  const failing = (queryable: Queryable): Queryable => ({
    query: <Row>(sql: string, params: unknown[] = []) =>
      refused(sql, params) ? Promise.reject(new Error(`injected failure: ${sql}`)) : queryable.query<Row>(sql, params),
  });
  const db: Db = { ...api.db, ...failing(api.db), transaction: (work) => api.db.transaction((tx) => work({ ...tx, ...failing(tx) })) };
  return testApi(createApp({ db, config: api.config, log: createLogger('silent') }), db, api.config, async () => {});
}

function testApi(app: Hono, db: Db, config: Config, close: () => Promise<void>): TestApi {
  const call: TestApi['call'] = (method, path, { body, token, headers = {} } = {}) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  const latestOtp = async (email: string) => {
    const [mail] = await db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
    const otp = mail?.body.match(/\b(\d{6})\b/)?.[1];
    if (!otp) throw new Error(`No OTP mailed to ${email}`);
    return otp;
  };

  const register = async (registration: Record<string, unknown>) => {
    const answer = await call('POST', '/api/user/register', { body: registration });
    if (answer.status !== 200) throw new Error(`register answered ${answer.status}`);
    return ((await answer.json()) as { registrationToken: string }).registrationToken;
  };

  const signUp = async (email: string) => {
    const registrationToken = await register({ firstname: 'Wanjiku', lastname: 'Mwangi', email, mobile: '712345678', password: TEST_PASSWORD });
    await call('POST', '/api/user/verify-otp', { token: registrationToken, body: { email, otp: await latestOtp(email) } });
    const login = (await (await call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } })).json()) as {
      token: string;
      _id: string;
    };
    return { token: login.token, id: login._id };
  };

  return { app, db, config, call, latestOtp, register, signUp, close };
}

const apiDir = fileURLToPath(new URL('..', import.meta.url));

export interface ApiProcess {
  /** http://127.0.0.1:port */
  url: string;
  child: ChildProcess;
  /** The exit code, or the signal's name. */
  exited: Promise<number | string>;
}

/**
 * Starts the real server (`src/main.ts`, as `npm start` does) on a free port with `env` added to this
 * process's environment (less any DATABASE_URL or DATA_DIR: `env` names the database), and waits for its
 * "listening" log line.
 */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start in 60 s: ${stderr}`)), 60_000);
    void exited.then((code) => reject(new Error(`the API exited (${code}) before listening: ${stderr}`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { message: string; url?: string };
      if (entry.message !== 'listening') return;
      clearTimeout(timer);
      // From here on the request lines are only drained, so a full pipe never holds the server up.
      lines.close();
      child.stdout!.resume();
      resolve({ url: entry.url!, child, exited });
    });
  });
}
