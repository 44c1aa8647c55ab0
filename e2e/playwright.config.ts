import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM } from '../tooling/machine/chromium.mjs';
import { externalSite, harnessAt, portBase, urlOf } from './support/site-ports.mjs';

/**
 * The journeys once more, each on a harness of its own with another API behind the same built apps, in the same
 * run (one pool of workers): asked for by `npm test` (tooling/test-runners/test.mjs).
 * - E2E_HOSTED_JOURNEYS=on: the API answering as the business's MongoDB-style hosted API does (API_DIALECT=hosted);
 * - E2E_POSTGRES_URL=<url>: the API on that PostgreSQL database.
 */
const journeyRuns: { name: string; portBase: number; env: Record<string, string>; dialect?: string }[] = externalSite
  ? []
  : [
      ...(process.env.E2E_HOSTED_JOURNEYS === 'on'
        ? [{ name: 'journeys on the hosted API', portBase: portBase + 200, env: { API_DIALECT: 'hosted' }, dialect: 'hosted' }]
        : []),
      ...(process.env.E2E_POSTGRES_URL
        ? [{ name: 'journeys on PostgreSQL', portBase: portBase + 400, env: { DATABASE_URL: process.env.E2E_POSTGRES_URL } }]
        : []),
    ];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per port base: runs side by side never delete each other's traces.
  outputDir: `../test-results/e2e-${portBase}`,
  fullyParallel: true,
  // Two at least: the suites wait on servers as much as on the processor (two cores: 2).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // A test that fails is run once more, with a trace, to tell a defect from bad luck; the run fails either way:
  // a test that passes only on its retry is a defect too (of the product or of the test).
  retries: 1,
  failOnFlakyTests: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The JSON report (one per port base) lets `npm test`'s summary name the failed tests (tooling/test-runners/e2e-report.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: `../test-results/e2e-${portBase}.json` }],
    ...(process.env.CI ? [['html', { open: 'never', outputFolder: '../playwright-report' }] as const] : []),
  ],
  use: {
    ...devices['Desktop Chrome'],
    // Debian's headless shell (tooling/machine/chromium.mjs): Playwright's own browser download cannot work here.
    launchOptions: { executablePath: HEADLESS_CHROMIUM, args: CHROMIUM_ARGS },
    baseURL: externalSite ?? urlOf('shell'),
    // Recording a trace costs about 40 % more processor time in every test (measured 2026-11-27): only retries record
    // one. `--trace retain-on-failure` on the command line records them all.
    trace: 'on-first-retry',
    // The site's service worker stays out of the way of suites that route or count requests (a worker's own
    // fetches escape page.route); the offline suite lets it in (e2e/foundation/offline.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'suites', metadata: { portBase, dialect: process.env.API_DIALECT } },
    ...journeyRuns.map(({ name, portBase: base, dialect }) => ({
      name,
      // What the journeys test there is the API: the slow-link ones test the pages, once is enough.
      grep: /@journey/,
      grepInvert: /@slow-link/,
      use: { baseURL: harnessAt(base).urlOf('shell') },
      // axe checks the pages in the suites: the same pages on another API only cost time here.
      metadata: { portBase: base, dialect, checksPages: false },
    })),
  ],
  // Against a running site (E2E_BASE_URL) the suite starts nothing of its own.
  webServer: externalSite
    ? undefined
    : [
        // The journeys' harnesses first, and not waited for: they come up while the suites' prerenders its
        // pages, and the tests on one wait for it (the harness fixture, support/fixtures.ts).
        ...journeyRuns.map(({ portBase: base, env }) => ({
          command: 'node e2e/support/serve-site.mjs --client-rendered',
          env: { ...(process.env as Record<string, string>), ...env, E2E_PORT_BASE: String(base) },
        })),
        {
          command: 'node e2e/support/serve-site.mjs',
          // The shell opens last, once the API is up and the public pages are prerendered.
          url: `${urlOf('shell')}/config.json`,
        },
      ].map((server) => ({
        cwd: '..',
        timeout: 300_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
        // Stopped as a person would (Playwright's default is SIGKILL): the harness then stops its API and removes
        // its database, pages and secret from the temporary folder, which a killed one left there on every run.
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
        ...server,
      })),
});
