import type { Db } from './db/db';
import { letReadsIn } from './report-store';

/**
 * At most this many sessions of one source count in a release's health: one address inventing session ids
 * moves the figures by little. Real visitors behind one carrier address (mobile networks share them) count up
 * to it too, on both sides alike, so the rates stay comparable.
 */
export const SESSIONS_PER_SOURCE = 20;
/** A visit's session is short-lived: what it sends after this many hours counts for nothing. */
export const SESSION_HOURS = 12;
/**
 * Sessions read by one query. On PGlite a query holds the API's one thread: 500 sessions (about 3,500 reports)
 * take a few tens of milliseconds, and the site's reads that arrived meanwhile go before the next page.
 */
const SESSIONS_PER_PAGE = 500;

const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
type Vital = (typeof VITALS)[number];

/** One visit as its reports sum up, by the channel and releases the site started it with. */
interface Visit {
  id: string;
  version: string;
  source: string | null;
  /** Its first report's id: within a source, the first visits are the ones that count. */
  firstReport: number;
  pageViews: number;
  erred: boolean;
  failed: boolean;
  vitals: Record<Vital, number[]>;
}

type VisitRow = Omit<Visit, 'vitals' | 'firstReport'> & { firstReport: string | number | null } & Record<Vital, number[] | null>;

export interface ReleaseHealth {
  version: string;
  pageViews: number;
  sessions: number;
  sources: number;
  errorSessions: number;
  errorSources: number;
  failureSessions: number;
  failureSources: number;
  vitals: Record<Vital, { p75: number | null; count: number }>;
}

/** The 75th percentile as PostgreSQL's percentile_cont(0.75) has it: between the two nearest values, in proportion. */
export function p75(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = 0.75 * (sorted.length - 1);
  const below = Math.floor(at);
  return sorted[below]! + (at - below) * ((sorted[below + 1] ?? sorted[below]!) - sorted[below]!);
}

/**
 * The visits of one app on one channel with a report since a time, SESSIONS_PER_PAGE sessions to a query and the
 * site's reads let in between: each session as the site started it (report_sessions: its channel, releases and
 * source, never what a report says of itself), with what it sent within SESSION_HOURS of its start.
 */
async function visitsOf(db: Db, channel: string, app: string, since: string, sessionsPerPage: number): Promise<Visit[]> {
  const vitals = VITALS.map((name) => `array_agg(r.value) FILTER (WHERE r.kind = 'vital' AND r.subject = '${name}') AS "${name}"`).join(', ');
  const visits: Visit[] = [];
  for (let after = ''; ;) {
    const page = await db.query<VisitRow>(
      `WITH page AS (
         SELECT id, releases->>$2 AS version, source, started_at FROM report_sessions
         WHERE channel = $1 AND releases ? $2 AND id > $6 AND started_at >= $3::timestamptz - $5 * interval '1 hour'
         ORDER BY id LIMIT $4
       )
       SELECT p.id, p.version, p.source, min(r.id) AS "firstReport",
         (count(*) FILTER (WHERE r.kind = 'page-view'))::int AS "pageViews",
         coalesce(bool_or(r.kind = 'error' AND r.subject = $2), false) AS erred,
         coalesce(bool_or(r.kind IN ('remote-failure', 'unavailable') AND r.subject = $2), false) AS failed,
         ${vitals}
       FROM page p LEFT JOIN browser_reports r ON r.session = p.id AND r.received_at >= $3
         AND r.received_at < p.started_at + $5 * interval '1 hour'
       GROUP BY p.id, p.version, p.source
       ORDER BY p.id`,
      [channel, app, since, sessionsPerPage, SESSION_HOURS, after],
    );
    for (const row of page) {
      if (row.firstReport === null) continue;
      visits.push({
        ...row,
        firstReport: Number(row.firstReport),
        vitals: Object.fromEntries(VITALS.map((name) => [name, (row[name] ?? []).map(Number)])) as Record<Vital, number[]>,
      });
    }
    if (page.length < sessionsPerPage) return visits;
    after = page.at(-1)!.id;
    await letReadsIn();
  }
}

/** The visits that count: with a page view (an error alone is no visit), the first SESSIONS_PER_SOURCE of each source. */
function countedVisits(visits: Visit[]): Visit[] {
  const seen = new Map<string, number>();
  return visits
    .filter((visit) => visit.pageViews > 0)
    .sort((a, b) => a.firstReport - b.firstReport)
    .filter((visit) => {
      const key = `${visit.version}\u0000${visit.source}`;
      const nth = (seen.get(key) ?? 0) + 1;
      seen.set(key, nth);
      return nth <= SESSIONS_PER_SOURCE;
    });
}

/**
 * The release health of one app on one channel since a time, by release of the app, over the visits that count
 * (countedVisits): their page views, sessions and sources, the sessions that met an error thrown by the app's
 * code and those whose load of the app failed (or showed its unavailable panel), with how many sources each came
 * from, and the 75th percentile of each web vital those sessions measured. Read in pages with the site's reads let
 * in between (on PGlite one query over 20,000 visits held the API's thread half a second), summed here.
 */
export async function releaseHealth(
  db: Db,
  { channel, app, since }: { channel: string; app: string; since: string },
  sessionsPerPage = SESSIONS_PER_PAGE,
): Promise<ReleaseHealth[]> {
  const byVersion = new Map<string, Visit[]>();
  for (const visit of countedVisits(await visitsOf(db, channel, app, since, sessionsPerPage))) {
    const visits = byVersion.get(visit.version) ?? [];
    visits.push(visit);
    byVersion.set(visit.version, visits);
  }
  return [...byVersion].map(([version, visits]) => {
    const sourcesOf = (chosen: Visit[]) => new Set(chosen.map((visit) => visit.source)).size;
    const erred = visits.filter((visit) => visit.erred);
    const failed = visits.filter((visit) => visit.failed);
    return {
      version,
      pageViews: visits.reduce((sum, visit) => sum + visit.pageViews, 0),
      sessions: visits.length,
      sources: sourcesOf(visits),
      errorSessions: erred.length,
      errorSources: sourcesOf(erred),
      failureSessions: failed.length,
      failureSources: sourcesOf(failed),
      vitals: Object.fromEntries(
        VITALS.map((name) => {
          const values = visits.flatMap((visit) => visit.vitals[name]);
          return [name, { p75: p75(values), count: values.length }];
        }),
      ) as ReleaseHealth['vitals'],
    };
  });
}
