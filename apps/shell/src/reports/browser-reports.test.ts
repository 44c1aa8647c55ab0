import { waitFor } from '@testing-library/react';
import { reportBatchSchema } from '@agri/api-client';
import type { SiteConfig } from '../config/site-config';
import {
  firstToMeasureVitals,
  flushReports,
  isReporting,
  report,
  reportError,
  reportPageView,
  sourceOf,
  startReporting,
  stopReporting,
} from './browser-reports';

const config: SiteConfig = {
  channel: 'production',
  remotes: {
    catalog: { entry: '/releases/catalog/next/remoteEntry.js', requires: {}, routes: ['/courses'], version: 'next' },
    account: { entry: 'http://localhost:3003/remoteEntry.js', requires: {}, routes: ['/login'] },
  },
  api: { apiBaseUrl: 'http://localhost:4000/api/', requestsApiBaseUrl: 'http://localhost:4000/requests/', chatNumber: '254722000000' },
  shell: { version: 'shell-1' },
  reports: { url: 'http://localhost:4000/api/reports', sampleRate: 1, grant: 'payload.signature' },
};

const beacons: { url: string; body: { reports: Record<string, unknown>[] } }[] = [];
/** The session requests the API was sent, and how it answers the next one. */
const asked: { url: string; init: RequestInit }[] = [];
let answer: () => Promise<Response>;
const SESSION = 'a1b2c3d4e5f6a7b8c9d0';

beforeEach(() => {
  beacons.length = 0;
  asked.length = 0;
  answer = async () => Response.json({ session: SESSION });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
  });
  global.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(url), init: init ?? {} });
    return answer();
  });
});
afterEach(() => {
  stopReporting();
  sessionStorage.clear();
});

/** Starts reporting and waits until the site has started the visit's session. */
async function startedReporting(siteConfig = config, session = SESSION) {
  startReporting(siteConfig);
  await waitFor(() => expect(sessionStorage.getItem('shell:report-session')).toContain(session));
}

test("the site starts the visit's session with its channel and releases; reports wait for it, then go in one beacon", async () => {
  window.history.pushState({}, '', '/courses?email=jane@example.com');
  startReporting(config);
  report({ kind: 'page-view' });
  report({ kind: 'unavailable', remote: 'catalog' });
  flushReports();
  await waitFor(() => expect(beacons).toHaveLength(1));
  expect(asked).toHaveLength(1);
  expect(asked[0]!.url).toBe('http://localhost:4000/api/reports/session');
  expect(asked[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'text/plain' } });
  expect(JSON.parse(String(asked[0]!.init.body))).toEqual({
    channel: 'production',
    releases: { shell: 'shell-1', catalog: 'next' },
    grant: 'payload.signature',
  });
  expect(beacons[0]!.url).toBe('http://localhost:4000/api/reports');
  const [view] = beacons[0]!.body.reports;
  expect(view).toEqual({ kind: 'page-view', session: SESSION, channel: 'production', releases: { shell: 'shell-1', catalog: 'next' }, path: '/courses' });
  expect(JSON.stringify(beacons)).not.toContain('jane');
});

test("the next page of the visit keeps its session; another composition (a canary's release) starts a new one", async () => {
  await startedReporting();
  stopReporting();
  startReporting(config);
  report({ kind: 'page-view' });
  flushReports();
  expect(beacons[0]!.body.reports[0]).toMatchObject({ session: SESSION });
  expect(asked).toHaveLength(1);

  stopReporting();
  answer = async () => Response.json({ session: 'ffffffffffffffffffff' });
  const canary = { ...config, remotes: { ...config.remotes, catalog: { ...config.remotes.catalog!, version: 'canary' } } };
  await startedReporting(canary, 'ffffffffffffffffffff');
  expect(JSON.parse(String(asked[1]!.init.body)).releases.catalog).toBe('canary');
});

test("a session the API refuses (what this tab runs is not served on its channel: a preview) ends the tab's reporting", async () => {
  answer = async () => Response.json({ message: 'These releases are not served on this channel' }, { status: 403 });
  startReporting(config);
  report({ kind: 'page-view' });
  await waitFor(() => expect(asked).toHaveLength(1));
  await waitFor(() => expect(isReporting()).toBe(false));
  report({ kind: 'page-view' });
  flushReports();
  expect(asked).toHaveLength(1);
  expect(beacons).toEqual([]);
});

test('while the session cannot be started (offline, the API down), reports wait, and go once it is', async () => {
  answer = async () => {
    throw new TypeError('Failed to fetch');
  };
  startReporting(config);
  report({ kind: 'page-view' });
  await waitFor(() => expect(asked).toHaveLength(1));
  flushReports();
  await waitFor(() => expect(asked).toHaveLength(2));
  expect(beacons).toEqual([]);
  answer = async () => Response.json({ session: SESSION });
  flushReports();
  await waitFor(() => expect(beacons).toHaveLength(1));
  expect(beacons[0]!.body.reports).toEqual([expect.objectContaining({ kind: 'page-view', session: SESSION })]);
});

test('reports a browser refuses to queue are kept for the next flush', async () => {
  await startedReporting();
  const send = navigator.sendBeacon;
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
  report({ kind: 'page-view' });
  flushReports();
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: send });
  flushReports();
  expect(beacons.flatMap((beacon) => beacon.body.reports.map((sent) => sent.kind))).toEqual(['page-view']);
});

test('messages go as the contract takes them: one line, at most 300 characters, no half of an emoji', async () => {
  await startedReporting();
  report({ kind: 'page-view' });
  // A federation error, as the runtime words it, and an error whose message the 300th character cuts in an emoji.
  report({
    kind: 'remote-failure',
    remote: 'catalog',
    phase: 'entry',
    message: '#RUNTIME-008\n\targs: {"remote":"catalog"}\r\n  https://module-federation.io/guide',
  });
  reportError(new Error(`${'x'.repeat(290)}🌽🌽🌽🌽🌽`));
  flushReports();
  const [batch] = beacons;
  expect(reportBatchSchema.safeParse(batch!.body).success).toBe(true);
  expect(batch!.body.reports[1]!.message).toBe('#RUNTIME-008 args: {"remote":"catalog"} https://module-federation.io/guide');
  expect(batch!.body.reports[2]!.message).toBe(`Error: ${'x'.repeat(290)}🌽`);
});

test('a visit outside the sample sends nothing, and stays outside on its next page', () => {
  startReporting({ ...config, reports: { ...config.reports!, sampleRate: 0 } });
  report({ kind: 'page-view' });
  flushReports();
  stopReporting();
  startReporting(config);
  report({ kind: 'page-view' });
  flushReports();
  expect(beacons).toEqual([]);
  expect(asked).toEqual([]);
});

test('an error is attributed to the app whose code is on top of its stack, else the shell', async () => {
  await startedReporting();
  expect(sourceOf('Error: x\n    at render (http://localhost/releases/catalog/next/__federation_expose_routes.js:1:2)')).toBe('catalog');
  expect(sourceOf('Error: x\n    at f (http://localhost:3003/src_pages_login.js:3:4)')).toBe('account');
  expect(sourceOf('Error: x\n    at g (http://localhost/releases/shell/shell-1/main.js:1:1)')).toBe('shell');
  const thrown = new Error('boom');
  thrown.stack = 'Error: boom\n    at CoursesPage (http://localhost/releases/catalog/next/chunk.js:9:9)';
  reportError(thrown);
  flushReports();
  expect(beacons[0]!.body.reports[0]).toMatchObject({ kind: 'error', source: 'catalog', message: 'Error: boom' });
});

test('a page view is counted once for a path, however many parts of the page say so; a new path is another', async () => {
  await startedReporting();
  window.history.pushState({}, '', '/blogs');
  reportPageView();
  reportPageView();
  window.history.pushState({}, '', '/courses');
  reportPageView();
  window.history.pushState({}, '', '/blogs');
  reportPageView();
  flushReports();
  expect(beacons[0]!.body.reports.map((sent) => sent.path)).toEqual(['/blogs', '/courses', '/blogs']);
});

test('the web vitals are measured once a page, and not at all by a visit that does not report', () => {
  expect(firstToMeasureVitals()).toBe(false);
  startReporting(config);
  expect(firstToMeasureVitals()).toBe(true);
  expect(firstToMeasureVitals()).toBe(false);
});

test("a document's reports.js and the shell's code, two builds of this file, are one reporting: one session, one queue, one view", async () => {
  let shellCode!: typeof import('./browser-reports');
  jest.isolateModules(() => {
    shellCode = jest.requireActual<typeof import('./browser-reports')>('./browser-reports');
  });
  expect(shellCode.report).not.toBe(report);
  window.history.pushState({}, '', '/blog/1');
  startReporting(config);
  reportPageView();
  // The shell's code starts later, when an island needs it: it finds the reporting under way.
  shellCode.startReporting(config);
  shellCode.reportPageView();
  shellCode.report({ kind: 'unavailable', remote: 'catalog' });
  expect(shellCode.firstToMeasureVitals() || firstToMeasureVitals()).toBe(true);
  expect(shellCode.firstToMeasureVitals() || firstToMeasureVitals()).toBe(false);
  await waitFor(() => expect(beacons).toHaveLength(1));
  expect(asked).toHaveLength(1);
  expect(beacons[0]!.body.reports.map((sent) => sent.kind)).toEqual(['page-view', 'unavailable']);
});
