import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The little the routes need from a database; PGlite and PostgreSQL both provide it. */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** A transaction's queries, and a whole script of several statements (a migration) run in it. */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs several statements (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A failed statement, told without its data. The drivers' own errors carry the parameters (password and
 * code hashes, tokens) and echo values in `detail` and `where`; this keeps the SQLSTATE and the statement
 * text, whose values are always placeholders.
 */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  /** The SQLSTATE, e.g. '23505' for a unique violation. */
  readonly code: string;
  constructor(sql: string, error: unknown) {
    const code = (error as { code?: unknown } | null)?.code;
    const sqlState = typeof code === 'string' ? code : 'unknown';
    super(`SQLSTATE ${sqlState} in: ${sql.replace(/\s+/g, ' ').trim().slice(0, 200)}`);
    this.code = sqlState;
  }
}

/** Runs a statement; a failure becomes a DatabaseError. */
async function run<Row>(sql: string, query: () => Promise<Row>): Promise<Row> {
  try {
    return await query();
  } catch (error) {
    throw new DatabaseError(sql, error);
  }
}

/**
 * PGlite in `dataDir`, or in memory when none is given (tests); in memory, `from` is a data directory dumped
 * before (`dumpDataDir`) to start from instead of a new one (a third of the time: tests).
 */
export async function openPglite(dataDir?: string, { from }: { from?: Blob } = {}): Promise<Db> {
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create(from ? { loadDataDir: from } : {});
  return {
    query: <Row>(sql: string, params: unknown[] = []) => run(sql, async () => (await db.query<Row>(sql, params)).rows),
    exec: (sql) =>
      run(sql, async () => {
        await db.exec(sql);
      }),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: <Row>(sql: string, params: unknown[] = []) => run(sql, async () => (await tx.query<Row>(sql, params)).rows),
          exec: (sql) =>
            run(sql, async () => {
              await tx.exec(sql);
            }),
        }),
      ),
    close: () => db.close(),
  };
}

/** A PostgreSQL server through a connection pool. */
export function openPostgres(connectionString: string): Db {
  // Bounded, so a database that does not answer fails a request (and /api/ready) instead of holding it.
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 5000 });
  // A connection lost while idle (a database restart or failover) is dropped and the next query opens
  // another; unheard, the pool's error event would end the process.
  pool.on('error', () => {});
  return {
    query: <Row>(sql: string, params: unknown[] = []) => run(sql, async () => (await pool.query(sql, params)).rows as Row[]),
    exec: (sql) =>
      run(sql, async () => {
        await pool.query(sql);
      }),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: <Row>(sql: string, params: unknown[] = []) => run(sql, async () => (await client.query(sql, params)).rows as Row[]),
          // With no parameters pg uses the simple protocol, which runs a script of several statements.
          exec: (sql) =>
            run(sql, async () => {
              await client.query(sql);
            }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
