import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  legacyCspReportSchema,
  reportBatchSchema,
  reportingApiBatchSchema,
  reportingApiCspSchema,
  type BrowserReport,
} from '@agri/api-client';
import { check, clientAddress, HttpError } from '../http';
import type { Services } from '../services';

/** A batch is a few dozen short reports: 32 KB is many times one, and far below the API's 100 KB. */
export const MAX_REPORT_BYTES = 32 * 1024;

/** One stored report: what the browser_reports table holds (see migration 005). */
interface ReportRow {
  kind: string;
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

function fromShell(report: BrowserReport): ReportRow {
  const row: ReportRow = {
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

const cspRow = (documentUrl: string, directive: string, blocked: string | undefined): ReportRow => ({
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

/** The rows a request carries, read by its content type: the shell's batch, or the browser's own CSP reports. */
function rowsOf(contentType: string, body: unknown): ReportRow[] {
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
  return check(reportBatchSchema, body).reports.map(fromShell);
}

const COLUMNS = ['kind', 'session', 'channel', 'releases', 'path', 'subject', 'phase', 'message', 'value'] as const;

async function store(services: Services, rows: ReportRow[]): Promise<void> {
  if (!rows.length) return;
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const start = values.length;
    values.push(...COLUMNS.map((column) => (column === 'releases' ? JSON.stringify(row.releases) : row[column])));
    return `(${COLUMNS.map((_, index) => `$${start + index + 1}`).join(', ')})`;
  });
  await services.db.query(`INSERT INTO browser_reports (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, values);
}

/**
 * POST /api/reports: browser reports, in batches from the shell (sendBeacon) and CSP violations from the
 * browser itself. Limited per client address (the address is counted, never stored with a report), at most
 * 32 KB, validated with the contract's schemas; answered 204 with nothing to read.
 */
export function reportRoutes(services: Services): Hono {
  const tooLarge = (c: Context) => c.json({ message: `A report batch is at most ${MAX_REPORT_BYTES / 1024} KB` }, 413, { Connection: 'close' });
  return new Hono().post('/reports', bodyLimit({ maxSize: MAX_REPORT_BYTES, onError: tooLarge }), async (c) => {
    const verdict = await services.limits.reports.hit(clientAddress(c, services.config.trustedProxyHops));
    if (!verdict.allowed) {
      throw new HttpError(429, 'Too many reports; try again later', { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new HttpError(400, 'The request body must be JSON');
    }
    await store(services, rowsOf(c.req.header('Content-Type') ?? '', body));
    return c.body(null, 204);
  });
}
