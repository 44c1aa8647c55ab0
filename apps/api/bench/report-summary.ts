// `npm run bench:report-summary`: how long the release health (GET /api/reports/summary, which the canary
// watcher reads every 30 s) holds the API on PGlite, whose one thread also answers the site's reads. A day of a
// busy canary: SESSIONS visits (a tenth on the canary), each with three page views and four vitals, an error in
// one of thirty; the summary of two apps, three times each, with the site's reads (GET /api/course, one after
// another) going on meanwhile: their p95 and slowest beside those of the same reads with nothing else to do.
import { createApp } from '../src/app';
import { startTestApi } from '../src/test-support';
import { idleReads, p95, readsUntil } from './reads-meanwhile';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20_000);
const TOKEN = 'read-token-for-the-bench-0123456789';

const api = await startTestApi();
const app = createApp({ db: api.db, config: { ...api.config, reportsReadToken: TOKEN } });
await api.db.query(
  `INSERT INTO report_sessions (id, channel, releases, source)
   SELECT lpad(to_hex(n), 20, '0'), 'production', jsonb_build_object('shell', 's1', 'catalog', CASE WHEN n % 10 = 0 THEN 'next' ELSE 'stable' END, 'content', 'c1'), to_hex(n % 5000)
   FROM generate_series(1, $1::int) AS n`,
  [SESSIONS],
);
await api.db.query(
  `INSERT INTO browser_reports (kind, source, session, channel, releases, path, subject, value)
   SELECT k.kind, to_hex(n % 5000), lpad(to_hex(n), 20, '0'), 'production', '{}', '/', k.subject, k.value
   FROM generate_series(1, $1::int) AS n,
   LATERAL (VALUES ('page-view', NULL, NULL::float8), ('page-view', NULL, NULL), ('page-view', NULL, NULL), ('vital', 'LCP', random() * 3000),
     ('vital', 'INP', random() * 300), ('vital', 'CLS', random() / 10), ('vital', 'TTFB', random() * 900)) AS k(kind, subject, value)`,
  [SESSIONS],
);
await api.db.query(
  `INSERT INTO browser_reports (kind, source, session, channel, releases, path, subject)
   SELECT 'error', 'x', lpad(to_hex(n), 20, '0'), 'production', '{}', '/', 'catalog' FROM generate_series(1, $1::int, 30) AS n`,
  [SESSIONS],
);
const [{ rows } = { rows: 0 }] = await api.db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM browser_reports');

const idle = await idleReads(app);

for (const name of ['catalog', 'content']) {
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const summed = Promise.resolve(app.request(`/api/reports/summary?channel=production&app=${name}`, { headers: { Authorization: `Bearer ${TOKEN}` } })).then(
      async (answer) => {
        await answer.text();
        return { status: answer.status, ms: Math.round(performance.now() - started) };
      },
    );
    const reads = await readsUntil(app, summed);
    console.log(
      JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        sessions: SESSIONS,
        rows,
        app: name,
        ...(await summed),
        readsMeanwhile: reads.length,
        readP95Ms: { idle: p95(idle), meanwhile: p95(reads) },
        readMaxMs: { idle: Math.round(Math.max(...idle)), meanwhile: Math.round(Math.max(...reads)) },
      }),
    );
  }
}
await api.close();
