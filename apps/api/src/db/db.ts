import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The little the routes need from a database; PGlite and PostgreSQL both provide it. */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Db extends Queryable {
  /** Runs several statements (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in `dataDir`, or in memory when none is given (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    query: async <Row>(sql: string, params: unknown[] = []) => (await db.query<Row>(sql, params)).rows,
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (work) =>
      db.transaction((tx) => work({ query: async <Row>(sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows })),
    close: () => db.close(),
  };
}

/** A PostgreSQL server through a connection pool. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString });
  return {
    query: async <Row>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as Row[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[],
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
