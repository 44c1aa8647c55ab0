import type { Db } from './db/db';
import type { Config } from './config';

/** One stored report: what the browser_reports table holds (see migrations 005 and 010). */
export interface ReportRow {
  kind: string;
  /** The bucket of the client address (routes/reports.ts, sourceOf). */
  source: string | null;
  session: string | null;
  channel: string | null;
  releases: Record<string, string>;
  path: string;
  /** The remote (failure, unavailable), the app whose code threw (error), the vital's name, the CSP directive. */
  subject: string | null;
  phase: string | null;
  message: string | null;
  value: number | null;
}

/** A visit the site started (migration 011): what the release health counts reports by. */
export interface ReportSession {
  id: string;
  channel: string | null;
  releases: Record<string, string>;
  source: string;
}

const COLUMNS = ['kind', 'source', 'session', 'channel', 'releases', 'path', 'subject', 'phase', 'message', 'value'] as const;

/** Rows waiting to be written at most (reports and sessions): past it, a flood's new rows are dropped, never rows already stored. */
export const MAX_WAITING_ROWS = 10_000;
/** How long a report waits before it is written, with every other one received meanwhile. */
const FLUSH_MS = 1_000;
/**
 * Rows per INSERT, with the site's reads let in between two: on PGlite each statement holds the API's one thread,
 * and 250 rows take a few milliseconds where a thousand held a read for tens of them under a flood.
 */
const ROWS_PER_INSERT = 250;
/**
 * How old the planner's statistics of the reports may be when a summary is read. PGlite runs no autovacuum, so
 * without an ANALYZE the planner knows nothing of the tables and joins them row by row: the summary of 20,000
 * sessions (140,000 rows) then held the API's thread 136 s instead of 0.5 s.
 */
const STATISTICS_MAX_AGE_MS = 10 * 60_000;
/** The table is swept once this many rows were written since the last sweep. */
const SWEEP_EVERY_ROWS = 10_000;

/**
 * The largest number of rows per source that keeps the table within `maxRows` when each source keeps at most
 * that many of its newest (Infinity when all fit): sources with fewer keep all of theirs, so a flood, however
 * many rows it sends, evicts its own rows before anyone else's.
 */
export function rowsKeptPerSource(rowsBySource: number[], maxRows: number): number {
  const sorted = [...rowsBySource].sort((a, b) => a - b);
  let room = maxRows;
  for (const [index, rows] of sorted.entries()) {
    const left = sorted.length - index;
    if (rows * left > room) return Math.floor(room / left);
    room -= rows;
  }
  return Infinity;
}

/**
 * Bounded space, for the reports and the sessions alike: rows older than the retention time go; past the most rows
 * kept, each source keeps its newest rowsKeptPerSource() rows, so the sources that sent the most lose theirs first.
 */
export async function sweepReports({ db, config }: { db: Db; config: Config }): Promise<void> {
  for (const [table, at, order] of [
    ['browser_reports', 'received_at', 'id'],
    ['report_sessions', 'started_at', 'started_at'],
  ] as const) {
    await db.query(`DELETE FROM ${table} WHERE ${at} < now() - $1 * interval '1 day'`, [config.reports.retentionDays]);
    const counts = await db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${table} GROUP BY source`);
    const kept = rowsKeptPerSource(
      counts.map((count) => count.rows),
      config.reports.maxRows,
    );
    if (kept === Infinity) continue;
    await db.query(
      `DELETE FROM ${table} WHERE id IN (
         SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY source ORDER BY ${order} DESC) AS nth FROM ${table}) ranked
         WHERE nth > $1)`,
      [kept],
    );
  }
}

async function insertSessions(db: Db, sessions: ReportSession[]): Promise<void> {
  const values = sessions.flatMap((session) => [session.id, session.channel, JSON.stringify(session.releases), session.source]);
  const tuples = sessions.map((_, index) => `($${index * 4 + 1}, $${index * 4 + 2}, $${index * 4 + 3}, $${index * 4 + 4})`);
  await db.query(`INSERT INTO report_sessions (id, channel, releases, source) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING`, values);
}

async function insert(db: Db, rows: ReportRow[]): Promise<void> {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const start = values.length;
    values.push(...COLUMNS.map((column) => (column === 'releases' ? JSON.stringify(row.releases) : row[column])));
    return `(${COLUMNS.map((_, index) => `$${start + index + 1}`).join(', ')})`;
  });
  await db.query(`INSERT INTO browser_reports (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, values);
}

/** The requests that arrived meanwhile are read, and their queries queued, before the next statement of a long job (reports written, release health). */
export const letReadsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ReportIntake {
  /** Takes a session to be written within FLUSH_MS (before any report); false when too many rows wait already. */
  startSession(session: ReportSession): boolean;
  /** Takes rows to be written within FLUSH_MS; false when too many wait already (they are dropped). */
  accept(rows: ReportRow[]): boolean;
  /** Writes what waits now (the tests read after it). */
  flush(): Promise<void>;
  /** Writes what waits now and, at most every STATISTICS_MAX_AGE_MS, brings the planner's statistics up to date: the summary reads after it. */
  readyForSummary(): Promise<void>;
}

/**
 * The reports' way into the database, off the path of the site's reads (issue 39: a 30 s flood of reports
 * from rotating addresses took the p95 of GET /api/course from 7-14 to 321-465 ms, each report batch being
 * a write of its own): a request only hands its rows over; they are written once a second, ROWS_PER_INSERT to
 * an INSERT with reads let in between, one write at a time, and the table is swept every SWEEP_EVERY_ROWS rows.
 */
export function reportIntake(services: { db: Db; config: Config }, onError: (error: unknown) => void = () => {}): ReportIntake {
  let waiting: ReportRow[] = [];
  let sessions: ReportSession[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let writtenSinceSweep = 0;
  let analyzedAt = -Infinity;

  const write = async (started: ReportSession[], rows: ReportRow[]) => {
    for (let start = 0; start < started.length; start += ROWS_PER_INSERT) {
      await insertSessions(services.db, started.slice(start, start + ROWS_PER_INSERT));
      await letReadsIn();
    }
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await insert(services.db, rows.slice(start, start + ROWS_PER_INSERT));
      await letReadsIn();
    }
    writtenSinceSweep += started.length + rows.length;
    if (writtenSinceSweep >= SWEEP_EVERY_ROWS) {
      writtenSinceSweep = 0;
      await sweepReports(services);
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    const started = sessions;
    waiting = [];
    sessions = [];
    // One write at a time, in the order received; a failed write loses its rows, never the next ones.
    writing = writing.then(() => (rows.length || started.length ? write(started, rows).catch(onError) : undefined));
    return writing;
  };

  const take = (count: number, add: () => void) => {
    if (waiting.length + sessions.length + count > MAX_WAITING_ROWS) return false;
    add();
    if (!timer) {
      timer = setTimeout(() => void flush(), FLUSH_MS);
      timer.unref();
    }
    return true;
  };

  return {
    startSession: (session) => take(1, () => sessions.push(session)),
    accept: (rows) => take(rows.length, () => waiting.push(...rows)),
    flush,
    async readyForSummary() {
      await flush();
      if (Date.now() - analyzedAt < STATISTICS_MAX_AGE_MS) return;
      analyzedAt = Date.now();
      for (const table of ['report_sessions', 'browser_reports']) {
        // A small sample (3,000 rows, not 30,000) is all the plan needs, and holds the thread a tenth as long.
        await services.db.transaction(async (tx) => {
          await tx.query('SET LOCAL default_statistics_target = 10');
          await tx.query(`ANALYZE ${table}`);
        });
        await letReadsIn();
      }
    },
  };
}
