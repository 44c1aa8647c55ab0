import type { BrowserReport } from '@agri/api-client';
import { inReportSample } from '@agri/ui/island-protocol';
import type { SiteConfig } from '../config/site-config';

/**
 * Browser reports (issue 26): what this tab's visit tells about the releases it runs, sent to the API's
 * `POST /api/reports` in batches with navigator.sendBeacon, and when the page is hidden or left. Anonymous:
 * a session the site starts for the visit (issue 39: `POST /api/reports/session` with the channel and the
 * releases this tab runs; the release health counts only such sessions), the page's path without its query,
 * the releases, and facts about the code (never what a visitor typed). `config.json`'s `reports.sampleRate`
 * says which share of visits report at all. This is the part every page of the application loads; the web
 * vitals come later (vitals.ts). A document with islands runs it as reports.js until an island needs the shell's
 * code (document-reports.ts).
 */

type Report = BrowserReport extends infer R ? (R extends BrowserReport ? Omit<R, 'session' | 'channel' | 'releases' | 'path'> : never) : never;
type Queued = Omit<BrowserReport, 'session'>;

/** The visit's session and what it was started for (this tab's channel and releases). */
const SESSION_KEY = 'shell:report-session';
const BATCH = 20;
const FLUSH_EVERY_MS = 15_000;
/** Reports kept while the session cannot be started (offline, the API down): the first ones. */
const QUEUE_MAX = 200;

/**
 * What this page's reporting holds, kept on `window`: a document with islands may run two builds of this file
 * (reports.js, which its loader adds for a visit no island has needed, and the shell's code, once an island brings
 * it), and they are one reporting: one session, one queue, one page view, the vitals measured once.
 */
interface Reporting {
  endpoint: string | null;
  common: Pick<BrowserReport, 'channel' | 'releases'> | null;
  session: string | null;
  /** config.json's grant for what this channel serves, sent with the session's request. */
  grant: string | undefined;
  asking: Promise<void> | null;
  sources: [base: string, app: string][];
  queue: Queued[];
  /** The path of the last page view reported: a page the loader and the shell's code both count is one view. */
  viewed: string | null;
  /** Whether the page's web vitals are measured (vitals.ts): once a page. */
  measuring: boolean;
}

declare global {
  interface Window {
    agriReporting?: Reporting;
  }
}

const nothingYet = (): Reporting => ({
  endpoint: null,
  common: null,
  session: null,
  grant: undefined,
  asking: null,
  sources: [],
  queue: [],
  viewed: null,
  measuring: false,
});
const state: Reporting = (window.agriReporting ??= nothingYet());

/**
 * A session id as the contract's reportSessionSchema has it. Checked here by hand: this file runs before Module
 * Federation shares the contract's package (the runtime's plugins report through it), so it imports only types.
 */
const isSessionId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{20}$/.test(value);

/** The session this tab has for what it runs now, or null (a new composition needs a new one). */
function keptSession(startedFor: string): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as { session?: unknown; for?: unknown } | null;
    return isSessionId(kept?.session) && kept.for === startedFor ? kept.session : null;
  } catch {
    return null;
  }
}

/**
 * Asks the API to start this visit's session; one request at a time, tried again at the next flush if it fails.
 * Refused (403: what this tab runs is not served on its channel, such as a preview), the tab reports nothing.
 */
function startSession(): Promise<void> {
  const { endpoint, common, grant } = state;
  if (state.session || !endpoint || !common) return Promise.resolve();
  const body = JSON.stringify({ ...common, grant });
  state.asking ??= fetch(`${endpoint}/session`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' }, credentials: 'omit', keepalive: true })
    .then(async (answer) => {
      if (answer.status === 403) {
        state.common = null;
        state.queue.length = 0;
        return;
      }
      const started = (answer.ok ? await answer.json() : null) as { session?: unknown } | null;
      if (!isSessionId(started?.session)) return;
      state.session = started.session;
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ session: state.session, for: body }));
      flushReports();
    })
    .catch(() => {})
    .finally(() => {
      state.asking = null;
    });
  return state.asking;
}

/**
 * Sends what is queued, in beacons of at most 50 (text/plain: a beacon cannot send JSON's type to another
 * origin), once the visit has its session (else it asks for it). A beacon the browser refuses to queue (it
 * may, past its limit for requests outliving the page) leaves its reports queued for the next flush.
 */
export function flushReports(): void {
  const { session, queue } = state;
  if (!session) {
    void startSession();
    return;
  }
  while (state.endpoint && queue.length) {
    const batch = queue.slice(0, 50).map((queued) => ({ ...queued, session }));
    if (!navigator.sendBeacon(state.endpoint, JSON.stringify({ reports: batch }))) return;
    queue.splice(0, batch.length);
  }
}

/** Whether this tab reports (the site has an endpoint, the visit is in the sample, not the prerenderer). */
export const isReporting = (): boolean => state.common !== null;

/** The longest message the contract takes. */
const MESSAGE_MAX = 300;

/**
 * A message as the contract takes it: one line, no control characters, at most 300 characters, no half of
 * an emoji. The API refuses a batch with one message that does not fit, and the page view in it with it (a
 * federation error's message runs over several lines).
 */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, MESSAGE_MAX)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}

export function report(fields: Report): void {
  const { common, queue } = state;
  if (!common || queue.length >= QUEUE_MAX) return;
  if ('message' in fields && fields.message !== undefined) fields = { ...fields, message: oneLine(fields.message) };
  queue.push({ ...common, path: window.location.pathname.slice(0, 200), ...fields } as Queued);
  // Hidden: this may be the page's last moment (vitals are measured then), so it goes now.
  if (queue.length >= BATCH || document.visibilityState === 'hidden') flushReports();
}

/** A view of the page shown now: one for a path however many parts of the page say so, one more when the path changes. */
export function reportPageView(): void {
  const path = window.location.pathname;
  if (!state.common || state.viewed === path) return;
  state.viewed = path;
  report({ kind: 'page-view' });
}

/** Whether the page's web vitals are still to be measured (vitals.ts): true once a page, false when it does not report. */
export function firstToMeasureVitals(): boolean {
  if (!state.common || state.measuring) return false;
  state.measuring = true;
  return true;
}

/** The app whose code a stack or script URL points into (its release's folder or origin), else the shell. */
export function sourceOf(where: string | undefined): string {
  for (const line of (where ?? '').split('\n')) {
    const found = state.sources.find(([base]) => line.includes(base));
    if (found) return found[1];
  }
  return 'shell';
}

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Reports an error thrown by the page's code, attributed to the app whose code threw. */
export function reportError(error: unknown, where?: string): void {
  report({ kind: 'error', source: sourceOf(where ?? (error instanceof Error ? error.stack : undefined)), message: messageOf(error) });
}

/**
 * Starts reporting for this tab with the releases it composed (canary and preview applied); does nothing
 * when the site has no report endpoint or this visit is not in the sample, or when this page reports already
 * (its reports.js started first).
 */
export function startReporting(config: SiteConfig): void {
  if (state.endpoint || !config.reports || !('sendBeacon' in navigator)) return;
  if (!inReportSample(config.reports.sampleRate)) return;
  state.endpoint = new URL(config.reports.url, window.location.href).href.replace(/\/$/, '');
  const releases: Record<string, string> = config.shell ? { shell: config.shell.version } : {};
  for (const [name, remote] of Object.entries(config.remotes)) {
    if (remote.version) releases[name] = remote.version;
    state.sources.push([new URL('.', new URL(remote.entry, window.location.href)).href, name]);
  }
  state.common = { releases, ...(config.channel ? { channel: config.channel } : {}) };
  state.grant = config.reports.grant;
  state.session = keptSession(JSON.stringify({ ...state.common, grant: state.grant }));
  void startSession();
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, event.error?.stack ?? event.filename));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  window.addEventListener('pagehide', flushReports);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushReports());
  setInterval(flushReports, FLUSH_EVERY_MS);
}

/** For tests: forget the tab's reporting. */
export function stopReporting(): void {
  Object.assign(state, nothingYet());
}
