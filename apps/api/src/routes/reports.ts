import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  browserReportSchema,
  legacyCspReportSchema,
  reportBatchEnvelopeSchema,
  reportingApiBatchSchema,
  reportingApiCspSchema,
  reportSessionRequestSchema,
  type BrowserReport,
} from '@agri/api-client/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { addressGroup, bearer, check, clientAddress } from '../http';
import { HttpError } from '../http-error';
import type { ReportRow } from '../report-store';
import { releaseHealth } from '../release-health';
import type { Services } from '../services';
import { grantCovers, isStartedSession, newSessionId } from './report-grant';

/** A batch is a few dozen short reports: 32 KB is many times one, and far below the API's 100 KB. */
export const MAX_REPORT_BYTES = 32 * 1024;
/** A session's request: a channel, a dozen releases and the grant naming up to two releases of each app. */
const MAX_SESSION_REQUEST_BYTES = 4 * 1024;

/** A report as the request sent it; its source is the request's. */
type Received = Omit<ReportRow, 'source'>;

/**
 * The path a report may keep: its first segment, the rest as '*'. '/reset-password/<token>' and
 * '/confirm-email/<token>' carry a secret, '/course/<id>' nothing anyone needs to count by.
 */
export function anonymousPath(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://report.invalid').pathname;
  } catch {
    return '/';
  }
  const [first, ...rest] = pathname.split('/').filter(Boolean);
  if (!first) return '/';
  return `/${first.slice(0, 60)}${rest.length ? '/*' : ''}`;
}

/**
 * An error message or blocked URL as it may be kept: e-mail addresses, long numbers (phones, codes),
 * tokens (16 or more letters and digits, a digit among them) and query strings blanked, so that nothing a
 * visitor typed or was sent is stored.
 */
export function scrub(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+/g, '<email>')
    .replace(/\?[^\s#]*/g, '?…')
    .replace(/(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}/g, '<token>')
    .replace(/\d[\d\s-]{4,}\d/g, '<number>')
    .slice(0, 300);
}

/** What a blocked URL may say: 'inline', 'eval' and the like as they are; a URL as its origin. */
function blockedSource(blocked: string | undefined): string | null {
  if (!blocked) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(blocked)) return scrub(blocked).slice(0, 60);
  try {
    return new URL(blocked).origin;
  } catch {
    return null;
  }
}

function fromShell(report: BrowserReport): Received {
  const row: Received = {
    kind: report.kind,
    session: report.session,
    channel: report.channel ?? null,
    releases: report.releases,
    path: anonymousPath(report.path),
    subject: null,
    phase: null,
    message: null,
    value: null,
  };
  switch (report.kind) {
    case 'remote-failure':
      return { ...row, subject: report.remote, phase: report.phase, message: report.message ? scrub(report.message) : null };
    case 'error':
      return { ...row, subject: report.source, message: report.message ? scrub(report.message) : null };
    case 'unavailable':
      return { ...row, subject: report.remote };
    case 'vital':
      return { ...row, subject: report.name, value: report.value };
    default:
      return row;
  }
}

const cspRow = (documentUrl: string, directive: string, blocked: string | undefined): Received => ({
  kind: 'csp',
  session: null,
  channel: null,
  releases: {},
  path: anonymousPath(documentUrl),
  subject: directive.split(' ')[0]!.slice(0, 60),
  phase: null,
  message: blockedSource(blocked),
  value: null,
});

/**
 * The rows a request carries, read by its content type: the shell's batch (only its reports of sessions this API
 * started: `started`), or the browser's own CSP reports.
 */
async function rowsOf(contentType: string, body: unknown, started: (session: unknown) => boolean): Promise<Received[]> {
  if (/^application\/reports\+json/i.test(contentType)) {
    return check(reportingApiBatchSchema, body)
      .filter((report) => report.type === 'csp-violation')
      .flatMap((report) => {
        const parsed = reportingApiCspSchema.safeParse(report.body);
        return parsed.success ? [cspRow(parsed.data.documentURL, parsed.data.effectiveDirective, parsed.data.blockedURL)] : [];
      });
  }
  if (/^application\/csp-report/i.test(contentType)) {
    const report = check(legacyCspReportSchema, body)['csp-report'];
    return [cspRow(report['document-uri'], report['effective-directive'] ?? report['violated-directive'] ?? 'unknown', report['blocked-uri'])];
  }
  // A forged session's report is dropped before it costs a validation (a flood of them).
  const ours = check(reportBatchEnvelopeSchema, body).reports.filter((report) => started((report as { session?: unknown } | null)?.session));
  const rows = ours.flatMap((report) => {
    const parsed = browserReportSchema.safeParse(report);
    return parsed.success ? [fromShell(parsed.data)] : [];
  });
  if (!rows.length) throw new HttpError(400, 'No report in the batch fits the contract and names a session the site started');
  return rows;
}

/**
 * Where a report came from, without the address: 24 bits of a hash keyed with the server secret, so about 250
 * of the IPv4 addresses share each bucket (nobody can tell which of them sent it), while the few hundred sources
 * of a canary rarely share one. Enough to cap what one source adds to the release health, and to tell many
 * sources from one.
 */
export function sourceOf(address: string, serverSecret: string): string {
  return createHmac('sha256', `report-source:${serverSecret}`).update(address).digest('hex').slice(0, 6);
}

const sameToken = (sent: string | null, expected: string) =>
  sent !== null && sent.length === expected.length && timingSafeEqual(Buffer.from(sent), Buffer.from(expected));

const NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/**
 * POST /api/reports/session: a visit that reports starts its session, with the channel and releases it runs and,
 * when the API has a reports read token, the channel's grant covering them (at most RATE_LIMIT_REPORT_SESSIONS a
 * window per address). POST /api/reports: browser reports, in batches from the shell (sendBeacon) and CSP
 * violations from the browser itself, limited per client address (kept only as its source bucket, sourceOf), at
 * most 32 KB, validated with the contract's schemas (a report that does not fit, or names a session this API did
 * not start, is dropped, the rest of its batch kept; a batch with none left is refused); answered 204 with
 * nothing to read. Neither waits for the database (report-store.ts).
 */
export function reportRoutes(services: Services): Hono {
  const tooLarge = (c: Context) => c.json({ message: `A report batch is at most ${MAX_REPORT_BYTES / 1024} KB` }, 413, { Connection: 'close' });
  const routes = new Hono();
  // Release health for the delivery tools (npm run releases -- --health, the canary watcher), with the
  // operator's read token: never public, and absent unless a token is configured.
  const token = services.config.reportsReadToken;
  if (token) {
    routes.get('/reports/summary', async (c) => {
      if (!sameToken(bearer(c), token)) throw new HttpError(401, 'A reports read token is required');
      const channel = c.req.query('channel') ?? '';
      const app = c.req.query('app') ?? '';
      const since = c.req.query('since') ?? new Date(Date.now() - services.config.reports.retentionDays * 86_400_000).toISOString();
      if (!NAME.test(channel) || !NAME.test(app) || Number.isNaN(Date.parse(since))) throw new HttpError(400, 'channel, app and since (a time) are required');
      await services.reports.readyForSummary();
      return c.json({ channel, app, since, releases: await releaseHealth(services.db, { channel, app, since }) }, 200, { 'Cache-Control': 'no-store' });
    });
  }
  routes.post('/reports/session', bodyLimit({ maxSize: MAX_SESSION_REQUEST_BYTES, onError: tooLarge }), async (c) => {
    const address = addressGroup(clientAddress(c, services.config.trustedProxyHops));
    const verdict = services.limits.reportSessions.hit(address);
    if (!verdict.allowed) throw new HttpError(429, 'Too many visits from here; try again later', { 'Retry-After': String(verdict.retryAfterSeconds) });
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new HttpError(400, 'The request body must be JSON');
    }
    const { channel, releases, grant } = check(reportSessionRequestSchema, body);
    // With a read token, the channel's release health is read: only what the channel serves may add to it.
    if (token && !grantCovers(grant, token, channel, releases)) throw new HttpError(403, 'These releases are not served on this channel');
    const session = newSessionId(services.config.jwtSecret);
    if (!services.reports.startSession({ id: session, channel: channel ?? null, releases, source: sourceOf(address, services.config.jwtSecret) })) {
      throw new HttpError(503, 'Reports are not taken right now', { 'Retry-After': '60' });
    }
    return c.json({ session }, 200, { 'Cache-Control': 'no-store' });
  });
  return routes.post('/reports', bodyLimit({ maxSize: MAX_REPORT_BYTES, onError: tooLarge }), async (c) => {
    const address = addressGroup(clientAddress(c, services.config.trustedProxyHops));
    const verdict = services.limits.reports.hit(address);
    if (!verdict.allowed) {
      throw new HttpError(429, 'Too many reports; try again later', { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new HttpError(400, 'The request body must be JSON');
    }
    const source = sourceOf(address, services.config.jwtSecret);
    const rows = await rowsOf(c.req.header('Content-Type') ?? '', body, (session) => isStartedSession(session, services.config.jwtSecret));
    // Answered at once; written within a second. Past the rows waiting at most (a flood), this batch is dropped.
    services.reports.accept(rows.map((row) => ({ ...row, source })));
    return c.body(null, 204);
  });
}
