// Several API instances on one database, as behind a load balancer (issue 14): whatever one instance
// learns (a logout, a wrong code, a failed login, a new password) the others must honour, so nothing
// that matters may live in an instance's memory. On PostgreSQL each instance has its own connection pool;
// PGlite lives in one process, so there the instances share it, which still catches state kept in an app.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checksumOf, migrate, migrations, pendingMigrations } from './db/migrations';
import { seed } from './db/seed';
import { emptyDatabase, engine } from './test-database';
import { startInstances, TEST_PASSWORD, type TestApi } from './test-support';

const onBoth = `two API instances on one ${engine} database`;

describe(`${onBoth}: schema`, () => {
  it(
    'two instances starting together on an empty database make one schema and seed it once',
    { skip: engine === 'PGlite' && 'PGlite is one process: nothing can race' },
    async () => {
      const database = await emptyDatabase();
      try {
        const [first, second] = await Promise.all([database.connect(), database.connect()]);
        const start = async (db: typeof first) => {
          await migrate(db);
          await seed(db);
        };
        await Promise.all([start(first), start(second)]);
        // And again, as a restart does.
        await start(second);
        assert.deepEqual(await pendingMigrations(first), []);
        const applied = await first.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
        assert.deepEqual(
          applied.map((row) => row.id),
          migrations.map((migration) => migration.id),
        );
        const [{ count }] = (await first.query<{ count: number }>('SELECT count(*)::int AS count FROM courses')) as [{ count: number }];
        assert.equal(count, 11);
      } finally {
        await database.drop();
      }
    },
  );

  it('a migration that fails leaves the database as it was', async () => {
    const database = await emptyDatabase();
    try {
      const db = await database.connect();
      const broken = { id: '999-broken', sql: 'CREATE TABLE half_done (id integer); SELECT * FROM no_such_table' };
      await assert.rejects(migrate(db, [...migrations, broken]), /SQLSTATE 42P01/);
      // Nothing of this run stayed, not even the migrations before the broken one.
      assert.deepEqual(
        await pendingMigrations(db),
        migrations.map((migration) => migration.id),
      );
      const tables = await db.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'");
      assert.equal(tables.length, 0);
      await migrate(db);
      assert.deepEqual(await pendingMigrations(db), []);
    } finally {
      await database.drop();
    }
  });
});

describe(`${engine}: migrations`, () => {
  const notes = {
    id: '900-notes',
    sql: `CREATE TABLE notes (words text NOT NULL DEFAULT 'dry; then store');
      -- a comment; with a semicolon, as a person writes one
      INSERT INTO notes DEFAULT VALUES`,
  };

  it('run each migration as one script: a `;` in a string or a comment is the database’s to read', async () => {
    const database = await emptyDatabase();
    try {
      const db = await database.connect();
      await migrate(db, [...migrations, notes]);
      assert.deepEqual(await db.query('SELECT words FROM notes'), [{ words: 'dry; then store' }]);
    } finally {
      await database.drop();
    }
  });

  it('refuse an applied migration that was edited since, but not one indented anew; keep the checksum of one applied before', async () => {
    const database = await emptyDatabase();
    try {
      const db = await database.connect();
      await migrate(db, [...migrations, notes]);
      const edited = { ...notes, sql: notes.sql.replace('dry; then store', 'store') };
      await assert.rejects(migrate(db, [...migrations, edited]), /Migration 900-notes was changed after this database applied it/);
      await migrate(db, [...migrations, { ...notes, sql: `\n    ${notes.sql.replace(/\n\s+/g, '\n  ')}  ` }]);
      // A database migrated before checksums were kept takes them at its next start.
      await db.query('UPDATE schema_migrations SET checksum = NULL');
      await migrate(db, [...migrations, notes]);
      const [kept] = await db.query<{ checksum: string }>("SELECT checksum FROM schema_migrations WHERE id = '900-notes'");
      assert.equal(kept?.checksum, checksumOf(notes));
      await assert.rejects(migrate(db, [...migrations, edited]), /was changed/);
    } finally {
      await database.drop();
    }
  });
});

describe(`${onBoth}: sessions`, () => {
  let one: TestApi;
  let other: TestApi;
  before(async () => {
    [one, other] = (await startInstances(2)) as [TestApi, TestApi];
  });
  after(() => one.close());

  const getUser = (api: TestApi, token: string) => api.call('GET', '/api/user/getuser', { token }).then((answer) => answer.status);

  it('a token revoked through one is refused by the other', async () => {
    const { token } = await one.signUp('two.instances.logout@example.co.ke');
    assert.equal(await getUser(other, token), 200);
    assert.equal((await one.call('GET', '/api/user/logout', { token })).status, 200);
    assert.equal(await getUser(other, token), 401);
  });

  it('a password reset through one ends the sessions opened on both', async () => {
    const email = 'two.instances.reset@example.co.ke';
    const { token: onOne } = await one.signUp(email);
    const login = await other.call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } });
    const { token: onOther } = (await login.json()) as { token: string };
    assert.equal((await other.call('POST', '/api/user/forgot-password-token', { body: { email } })).status, 200);
    const [mail] = await one.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
    const resetToken = mail!.body.match(/reset-password\/([\w-]+)/)![1]!;
    assert.equal((await one.call('PUT', `/api/user/reset-password/${resetToken}`, { body: { password: 'Another-strong-2026' } })).status, 200);
    for (const [api, token] of [
      [one, onOther],
      [other, onOne],
      [one, onOne],
      [other, onOther],
    ] as const) {
      assert.equal(await getUser(api, token), 401);
    }
  });

  it('OTP tries sent at once to both are counted once: five wrong codes lock it', async () => {
    const email = 'two.instances.otp@example.co.ke';
    const registrationToken = await one.register({ firstname: 'Otieno', lastname: 'Ouma', email, mobile: '712345678', password: TEST_PASSWORD });
    const otp = await one.latestOtp(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const verify = (api: TestApi, code: string) =>
      api.call('POST', '/api/user/verify-otp', { token: registrationToken, body: { email, otp: code } }).then((answer) => answer.status);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(i % 2 ? other : one, wrong)));
    assert.deepEqual(statuses.sort(), [400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    assert.equal(await verify(other, otp), 429);
  });
});

describe(`${onBoth}: rate limits`, () => {
  let one: TestApi;
  let other: TestApi;
  before(async () => {
    // Behind one proxy, so each test chooses its client addresses; small limits to reach.
    [one, other] = (await startInstances(2, {
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_LOGIN: '4',
      RATE_LIMIT_LOGIN_PAIR: '3',
      RATE_LIMIT_OTP: '4',
    })) as [TestApi, TestApi];
  });
  after(() => one.close());

  const login = (api: TestApi, email: string, address: string, password = 'Wrong-guess-2026') =>
    api.call('POST', '/api/user/login', { body: { email, password }, headers: { 'X-Forwarded-For': address } }).then((answer) => answer.status);

  it('counts logins from one address on both instances together', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await login(i % 2 ? other : one, `nobody${i}@example.co.ke`, '198.51.100.20'));
    assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429]);
  });

  it('counts failed logins of one address at one account on both instances together; the owner elsewhere still gets in', async () => {
    const email = 'two.instances.guessed@example.co.ke';
    await one.signUp(email);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await login(i % 2 ? other : one, email, '203.0.113.7'));
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    assert.equal(await login(other, email, '203.0.113.7', TEST_PASSWORD), 429);
    assert.equal(await login(one, email, '203.0.113.99', TEST_PASSWORD), 200);
  });

  it('counts OTP calls from one address on both instances together', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const api = i % 2 ? other : one;
      const answer = await api.call('POST', '/api/user/forgot-password-token', {
        body: { email: `nobody${i}@example.co.ke` },
        headers: { 'X-Forwarded-For': '198.51.100.30' },
      });
      statuses.push(answer.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
  });
});
