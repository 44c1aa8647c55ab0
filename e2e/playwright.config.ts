import { defineConfig, devices } from '@playwright/test';
import { externalSite, portBase, urlOf } from './support/site-ports.mjs';

/** Debian's Chromium: Playwright's own browser download cannot work on our machines. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per port base: runs side by side never delete each other's traces.
  outputDir: `../test-results/e2e-${portBase}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The JSON report (one per port base) lets `npm test`'s summary name the failed tests (tooling/test-runners/e2e-report.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: `../test-results/e2e-${portBase}.json` }],
    ...(process.env.CI ? [['html', { open: 'never', outputFolder: '../playwright-report' }] as const] : []),
  ],
  use: {
    baseURL: externalSite ?? urlOf('shell'),
    trace: 'retain-on-failure',
    // The site's service worker stays out of the way of suites that route or count requests (a worker's own
    // fetches escape page.route); the offline suite lets it in (e2e/foundation/offline.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
        },
      },
    },
  ],
  // Against a running site (E2E_BASE_URL) the suite starts nothing of its own.
  webServer: externalSite
    ? undefined
    : {
        command: 'node e2e/support/serve-site.mjs',
        cwd: '..',
        // The shell opens last, once the API is up and the public pages are prerendered.
        url: `${urlOf('shell')}/config.json`,
        timeout: 300_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
