// @ts-check
// Release health from browser reports: what `npm run releases -- --health` prints and the canary watcher
// reads. The reports are in the API's database; the API sums them up (GET /api/reports/summary) for the
// holder of its read token, so these tools need no database of their own.
import { wilsonInterval } from './canary-rule.mjs';
import { findReportsToken } from './report-grant.mjs';
import { DeliveryError, liveVersions, readChannel } from './store.mjs';

/**
 * What the API's summary says of one release (ReleaseHealth, apps/api/src/release-health.ts).
 *
 * @typedef {Required<import('./canary-rule.mjs').Side> & { version: string, pageViews: number }} ReleaseHealth
 */

/**
 * One row of `npm run releases -- --health`: a release of an app on a channel, its role there ('live', 'before',
 * 'canary 10 %') and its figures (a release without reports yet has no `sources`).
 *
 * @typedef {object} HealthRow
 * @property {string} channel
 * @property {string} app
 * @property {string} version
 * @property {string} role
 * @property {number} pageViews
 * @property {number} sessions
 * @property {number} errorSessions
 * @property {number} failureSessions
 * @property {number} [sources]
 * @property {number} [errorSources]
 * @property {number} [failureSources]
 * @property {ReleaseHealth['vitals']} vitals
 * @property {number | null} errorRate
 * @property {[low: number, high: number]} errorInterval
 * @property {number | null} failureRate
 * @property {[low: number, high: number]} failureInterval
 */

/** @returns {string} */
export function reportsToken() {
  const token = findReportsToken();
  if (!token) throw new DeliveryError("no reports read token: set REPORTS_READ_TOKEN to the API's, or run where npm start keeps it (apps/api/data).");
  return token;
}

/**
 * The API's summary of one app's reports on a channel, by release.
 *
 * @param {Pick<import('./store.mjs').ChannelState, 'channel' | 'api'>} state
 * @param {string} app
 * @param {{ since?: string, token?: string }} [options]  `since`: an ISO time (else the API's retention)
 * @returns {Promise<ReleaseHealth[]>}
 */
export async function fetchSummary(state, app, { since, token = reportsToken() } = {}) {
  const url = new URL('reports/summary', state.api.apiBaseUrl);
  url.search = new URLSearchParams({ channel: state.channel, app, ...(since ? { since } : {}) }).toString();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new DeliveryError(`the API's report summary answered HTTP ${response.status} (${url.origin})`);
  return /** @type {{ releases: ReleaseHealth[] }} */ (await response.json()).releases;
}

const EMPTY = { pageViews: 0, sessions: 0, errorSessions: 0, failureSessions: 0, vitals: {} };

/**
 * For each app live on the channel: its live release, the one before it, and its canary, each with page
 * views, sessions, error and remote-load-failure rates with their 95 % interval, and p75 LCP, INP and CLS.
 *
 * @param {string} channel
 * @param {{ since?: string, token?: string }} [options]
 * @returns {Promise<HealthRow[]>}
 */
export async function channelHealth(channel, options = {}) {
  const state = readChannel(channel);
  /** @type {HealthRow[]} */
  const rows = [];
  for (const [app, live] of Object.entries(liveVersions(state))) {
    const summary = await fetchSummary(state, app, options);
    const canary = state.canaries[app];
    // An app is live by its stack.
    const stack = /** @type {string[]} */ (state.stacks[app]);
    const roles = /** @type {[role: string, version: string][]} */ ([
      ...(canary ? [['canary', canary.version]] : []),
      ['live', live],
      ...(stack.length > 1 ? [['before', stack.at(-2)]] : []),
    ]);
    for (const [role, version] of roles) {
      const figures = { ...EMPTY, ...summary.find((entry) => entry.version === version) };
      rows.push({
        channel,
        app,
        version,
        role: role === 'canary' ? `canary ${canary?.share} %` : role,
        ...figures,
        errorRate: figures.sessions ? figures.errorSessions / figures.sessions : null,
        errorInterval: wilsonInterval(figures.errorSessions, figures.sessions),
        failureRate: figures.sessions ? figures.failureSessions / figures.sessions : null,
        failureInterval: wilsonInterval(figures.failureSessions, figures.sessions),
      });
    }
  }
  return rows;
}

/** @type {(rate: number | null, interval: [low: number, high: number]) => string} */
const percent = (rate, [low, high]) => (rate === null ? '–' : `${(100 * rate).toFixed(1)} % [${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)}]`);
/** @type {(vitals: ReleaseHealth['vitals'], name: string, digits?: number) => string} */
const p75 = (vitals, name, digits = 0) => (vitals[name]?.p75 == null ? '–' : vitals[name].p75.toFixed(digits));

/**
 * The health rows as a table a person reads.
 *
 * @param {HealthRow[]} rows
 */
export function healthTable(rows) {
  const header = ['channel', 'app', 'release', 'role', 'views', 'sessions', 'errors (95 % interval)', 'load failures (95 %)', 'LCP p75', 'INP p75', 'CLS p75'];
  const lines = rows.map((row) => [
    row.channel,
    row.app,
    row.version,
    row.role,
    String(row.pageViews),
    String(row.sessions),
    percent(row.errorRate, row.errorInterval),
    percent(row.failureRate, row.failureInterval),
    p75(row.vitals, 'LCP'),
    p75(row.vitals, 'INP'),
    p75(row.vitals, 'CLS', 3),
  ]);
  // Every line has a cell in each column.
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => /** @type {string} */ (line[column]).length)));
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(/** @type {number} */ (widths[column])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
