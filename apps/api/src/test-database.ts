// The tests' databases: each test file's own, on the engine the tests run on (an in-memory PGlite, started from a dump
// of an empty one made once, or a new database on a throw-away PostgreSQL server). The apps on them: test-support.ts.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from './db/db';

/**
 * The admin URL of a throw-away PostgreSQL server (`npm run test:api:postgres` sets it): each test file
 * then gets its own new database there. Unset: each gets an in-memory PGlite.
 */
const postgresAdminUrl = process.env.TEST_DATABASE_URL || null;
export const engine = postgresAdminUrl ? 'PostgreSQL' : 'PGlite';

export interface TestDatabase {
  /** The database's URL on PostgreSQL; null for PGlite. */
  url: string | null;
  /**
   * A connection as one API instance has it: its own pool on PostgreSQL. PGlite lives in one process, so
   * every "instance" shares the one in-memory database (closing one does nothing; drop() closes it).
   */
  connect(): Promise<Db>;
  /** Closes every connection and deletes the database; once, however often it is called. */
  drop(): Promise<void>;
}

async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The dump is of this PGlite: another version makes its own. */
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '../package.json'), 'utf8')) as { version: string }
).version;

/**
 * A new PGlite database is mostly its initdb, in WebAssembly: 5 to 8 s of processor time. The first test
 * process to need one makes it and dumps it to a file that every database after it (in this run and later runs)
 * starts from, in about 2 s.
 */
async function emptyPgliteDump(): Promise<Blob> {
  const file = join(tmpdir(), `agri-api-tests-pglite-${PGLITE_VERSION}.tar`);
  if (!existsSync(file)) {
    const db = await PGlite.create();
    const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    await db.close();
    // Whole or not at all: test files that run side by side may make it at once.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}
let pgliteDump: Promise<Blob> | undefined;

/** An empty database on the engine the tests run on. */
export async function emptyDatabase(): Promise<TestDatabase> {
  if (!postgresAdminUrl) {
    const db = await openPglite(undefined, { from: await (pgliteDump ??= emptyPgliteDump()) });
    let closed: Promise<void> | undefined;
    return { url: null, connect: async () => ({ ...db, close: async () => {} }), drop: () => (closed ??= db.close()) };
  }
  const name = `agri_test_${randomUUID().replaceAll('-', '')}`;
  await onPostgresServer(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const pools = new Set<Db>();
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    connect: async () => {
      const pool = openPostgres(url.toString());
      const db: Db = {
        ...pool,
        close: async () => {
          pools.delete(db);
          await pool.close();
        },
      };
      pools.add(db);
      return db;
    },
    drop: () =>
      (dropped ??= (async () => {
        await Promise.all([...pools].map((db) => db.close()));
        await onPostgresServer(`DROP DATABASE ${name} WITH (FORCE)`);
      })()),
  };
}
