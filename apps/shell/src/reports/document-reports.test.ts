import { waitFor } from '@testing-library/react';
import type { SiteConfig } from '../config/site-config';
import { flushReports, stopReporting } from './browser-reports';

// reports.js as a document with islands runs it: its loader has put config.json on window.agriIslands.
const config: SiteConfig = {
  channel: 'production',
  remotes: { content: { entry: '/releases/content/c-1/remoteEntry.js', requires: {}, routes: ['/blogs'], version: 'c-1' } },
  api: { apiBaseUrl: 'http://localhost:4000/api/', requestsApiBaseUrl: 'http://localhost:4000/requests/', chatNumber: '254722000000' },
  shell: { version: 'shell-1' },
  reports: { url: 'http://localhost:4000/api/reports', sampleRate: 1, grant: 'payload.signature' },
};

const measured: string[] = [];
jest.mock('web-vitals', () => {
  const measure = (name: string) => (callback: (metric: { name: string; value: number }) => void) => {
    measured.push(name);
    callback({ name, value: 1200 });
  };
  return { onCLS: measure('CLS'), onINP: measure('INP'), onLCP: measure('LCP'), onTTFB: measure('TTFB') };
});

const beacons: { kind: string; path: string; releases: unknown }[][] = [];
const sessionsAsked: unknown[] = [];

beforeEach(() => {
  measured.length = 0;
  beacons.length = 0;
  sessionsAsked.length = 0;
  window.history.pushState({}, '', '/blogs');
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: string) => beacons.push((JSON.parse(body) as { reports: (typeof beacons)[number] }).reports) > 0,
  });
  global.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    sessionsAsked.push(JSON.parse(String(init?.body)));
    return Response.json({ session: 'a1b2c3d4e5f6a7b8c9d0' });
  });
});
afterEach(() => {
  stopReporting();
  sessionStorage.clear();
  delete window.agriIslands;
});

function runReportsScript(siteConfig: unknown) {
  window.agriIslands = { config: siteConfig } as typeof window.agriIslands;
  jest.isolateModules(() => {
    jest.requireActual('./document-reports');
  });
}

test("a visit that touches nothing is counted: the page's view, on a session for the channel's releases, and its web vitals", async () => {
  runReportsScript(config);
  await waitFor(() => expect(measured).toHaveLength(4));
  await waitFor(() => expect(window.agriReporting?.session).toBe('a1b2c3d4e5f6a7b8c9d0'));
  // What is queued goes at the next flush (every 15 s, or as the page is hidden).
  flushReports();
  expect(sessionsAsked).toEqual([{ channel: 'production', releases: { shell: 'shell-1', content: 'c-1' }, grant: 'payload.signature' }]);
  expect(beacons.flat().map((sent) => [sent.kind, sent.path])).toEqual([
    ['page-view', '/blogs'],
    ['vital', '/blogs'],
    ['vital', '/blogs'],
    ['vital', '/blogs'],
    ['vital', '/blogs'],
  ]);
  expect(measured).toEqual(['CLS', 'INP', 'LCP', 'TTFB']);
});

test('a config.json without a report endpoint, or not as the site writes it, reports nothing and throws nothing', () => {
  runReportsScript({ ...config, reports: undefined });
  runReportsScript({ ...config, remotes: { content: { entry: 42 } } });
  runReportsScript(null);
  expect(sessionsAsked).toEqual([]);
  expect(measured).toEqual([]);
});
