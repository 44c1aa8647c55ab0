import type { BrowserReport } from '@agri/api-client';
import type { SiteConfig } from '../config/site-config';

/**
 * Browser reports (issue 26): what this tab's visit tells about the releases it runs, sent to the API's
 * `POST /api/reports` in batches with navigator.sendBeacon, and when the page is hidden or left. Anonymous:
 * a random visit id kept in this tab's session storage, the page's path without its query, the releases,
 * and facts about the code (never what a visitor typed). `config.json`'s `reports.sampleRate` says which
 * share of visits report at all. This is the part every page loads; the web vitals come later (vitals.ts).
 */

type Report = BrowserReport extends infer R ? (R extends BrowserReport ? Omit<R, 'session' | 'channel' | 'releases' | 'path'> : never) : never;

const SESSION_KEY = 'shell:visit';
const BATCH = 20;
const FLUSH_EVERY_MS = 15_000;

let endpoint: string | null = null;
let common: Pick<BrowserReport, 'session' | 'channel' | 'releases'> | null = null;
let sources: [base: string, app: string][] = [];
const queue: BrowserReport[] = [];

/** This visit's id and whether it reports, both decided once per tab. */
function visit(sampleRate: number): string | null {
  let kept = sessionStorage.getItem(SESSION_KEY);
  if (!kept) {
    const reports = Math.random() < sampleRate;
    kept = reports ? crypto.randomUUID().replaceAll('-', '').slice(0, 20) : 'off';
    sessionStorage.setItem(SESSION_KEY, kept);
  }
  return kept === 'off' ? null : kept;
}

/**
 * Sends what is queued, in beacons of at most 50 (text/plain: a beacon cannot send JSON's type to another
 * origin). A beacon the browser refuses to queue (it may, past its limit for requests outliving the page)
 * leaves its reports queued for the next flush.
 */
export function flushReports(): void {
  while (endpoint && queue.length) {
    const batch = queue.slice(0, 50);
    if (!navigator.sendBeacon(endpoint, JSON.stringify({ reports: batch }))) return;
    queue.splice(0, batch.length);
  }
}

/** Whether this tab reports (the site has an endpoint, the visit is in the sample, not the prerenderer). */
export const isReporting = (): boolean => common !== null;

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
  if (!common) return;
  if ('message' in fields && fields.message !== undefined) fields = { ...fields, message: oneLine(fields.message) };
  queue.push({ ...common, path: window.location.pathname.slice(0, 200), ...fields } as BrowserReport);
  // Hidden: this may be the page's last moment (vitals are measured then), so it goes now.
  if (queue.length >= BATCH || document.visibilityState === 'hidden') flushReports();
}

/** The app whose code a stack or script URL points into (its release's folder or origin), else the shell. */
export function sourceOf(where: string | undefined): string {
  for (const line of (where ?? '').split('\n')) {
    const found = sources.find(([base]) => line.includes(base));
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
 * when the site has no report endpoint or this visit is not in the sample.
 */
export function startReporting(config: SiteConfig): void {
  if (!config.reports || !('sendBeacon' in navigator)) return;
  const session = visit(config.reports.sampleRate);
  if (!session) return;
  endpoint = new URL(config.reports.url, window.location.href).href;
  const releases: Record<string, string> = config.shell ? { shell: config.shell.version } : {};
  for (const [name, remote] of Object.entries(config.remotes)) {
    if (remote.version) releases[name] = remote.version;
    sources.push([new URL('.', new URL(remote.entry, window.location.href)).href, name]);
  }
  common = { session, releases, ...(config.channel ? { channel: config.channel } : {}) };
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, event.error?.stack ?? event.filename));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  window.addEventListener('pagehide', flushReports);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushReports());
  setInterval(flushReports, FLUSH_EVERY_MS);
}

/** For tests: forget the tab's reporting. */
export function stopReporting(): void {
  endpoint = null;
  common = null;
  sources = [];
  queue.length = 0;
}
