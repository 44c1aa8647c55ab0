// The real server process (src/main.ts) on the engine the tests run on (issue 14): what it answered
// survives a restart and a kill -9, SIGTERM ends it cleanly, and on PostgreSQL two processes started at
// the same moment on an empty database both come up on one schema.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openPglite, type Db } from './db/db';
import { migrations } from './db/migrations';
import { emptyDatabase, engine } from './test-database';
import { startApiProcess, TEST_PASSWORD, type ApiProcess } from './test-support';

/** The server as the e2e harness runs it (test outbox on), on the database `database` names. */
const startApi = (database: Record<string, string>) =>
  startApiProcess({ NODE_ENV: 'test', TEST_MAIL_OUTBOX: 'on', JWT_SECRET: 'durability-test-secret-that-is-long-enough', ...database });

async function call(api: ApiProcess, method: string, path: string, body?: unknown, token?: string) {
  const answer = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** A database on the engine under test, its settings for the process, and a direct connection to check it. */
async function databaseForProcesses(): Promise<{ env: Record<string, string>; open(): Promise<Db>; drop(): Promise<void> }> {
  if (engine === 'PostgreSQL') {
    const database = await emptyDatabase();
    return { env: { DATABASE_URL: database.url! }, open: () => database.connect(), drop: () => database.drop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'agri-durability-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPglite(dataDir),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe(`the API process on ${engine}`, () => {
  it('keeps what it answered through a kill -9 and a restart, and exits 0 on SIGTERM', async () => {
    const database = await databaseForProcesses();
    try {
      let api = await startApi(database.env);
      const email = 'durable.customer@example.co.ke';
      const registration = { firstname: 'Njeri', lastname: 'Kamau', email, mobile: '712345678', password: TEST_PASSWORD };
      const registered = await call(api, 'POST', '/api/user/register', registration);
      const outbox = await call(api, 'GET', `/api/test/outbox?email=${email}`);
      const otp = /\b(\d{6})\b/.exec((outbox.body.messages as { text: string }[])[0]!.text)![1];
      assert.equal((await call(api, 'POST', '/api/user/verify-otp', { email, otp }, registered.body.registrationToken as string)).status, 200);
      const login = await call(api, 'POST', '/api/user/login', { email, password: TEST_PASSWORD });
      const enquiry = await call(api, 'POST', '/api/enquiry', { name: 'Njeri Kamau', email, mobile: '712345678', comment: 'HACCP for our dairy' });
      assert.equal(enquiry.status, 200);

      api.child.kill('SIGKILL');
      assert.equal(await api.exited, 'SIGKILL');
      api = await startApi(database.env);
      assert.equal((await call(api, 'GET', '/api/ready')).status, 200);
      assert.equal((await call(api, 'GET', '/api/user/getuser', undefined, login.body.token as string)).status, 200);
      assert.equal((await call(api, 'POST', '/api/user/login', { email, password: TEST_PASSWORD })).status, 200);

      api.child.kill('SIGTERM');
      assert.equal(await api.exited, 0);
      const db = await database.open();
      try {
        const stored = await db.query<{ comment: string }>('SELECT comment FROM enquiries WHERE id = $1', [enquiry.body._id]);
        assert.deepEqual(stored, [{ comment: 'HACCP for our dairy' }]);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  });

  it(
    'two processes started at the same moment on an empty database both come up on one schema',
    { skip: engine === 'PGlite' && 'a PGlite data folder belongs to one process' },
    async () => {
      const database = await databaseForProcesses();
      try {
        const both = await Promise.all([startApi(database.env), startApi(database.env)]);
        for (const api of both) assert.equal((await call(api, 'GET', '/api/ready')).status, 200);
        for (const api of both) api.child.kill('SIGTERM');
        assert.deepEqual(await Promise.all(both.map((api) => api.exited)), [0, 0]);
        const db = await database.open();
        const applied = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
        assert.deepEqual(
          applied.map((row) => row.id),
          migrations.map((migration) => migration.id),
        );
        assert.deepEqual(await db.query('SELECT count(*)::int AS count FROM courses'), [{ count: 11 }]);
      } finally {
        await database.drop();
      }
    },
  );
});
