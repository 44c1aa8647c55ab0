// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { troubledTests, troubleLines } from './e2e-report.mjs';

/** @typedef {import('@playwright/test/reporter').JSONReport} Report */

// The shape Playwright 1.65's JSON reporter writes: a suite per file, nested suites per describe().
// Partial on purpose: only the fields the summary reads (no config, stats, durations...).
const report = /** @type {Report} */ ({
  suites: [
    {
      title: 'delivery/delivery.spec.ts',
      file: 'delivery/delivery.spec.ts',
      specs: [{ title: 'a rollback prerenders', file: 'delivery/delivery.spec.ts', line: 40, tests: [{ status: 'unexpected' }] }],
      suites: [
        {
          title: 'canary',
          specs: [
            {
              title: 'each side gets its visits',
              file: 'delivery/delivery.spec.ts',
              line: 90,
              tests: [
                {
                  status: 'flaky',
                  results: [
                    {
                      status: 'failed',
                      error: {
                        message:
                          "Error: \u001b[2mexpect(\u001b[22m\u001b[31mlocator\u001b[39m).toBeVisible()\n\nLocator: getByText('Saved')\nExpected: visible\nTimeout: 10000ms\nCall log:\n  - waiting",
                        location: { file: '/check/work/main/e2e/delivery/delivery.spec.ts', line: 97, column: 5 },
                      },
                    },
                    { status: 'passed' },
                  ],
                },
              ],
            },
            { title: 'passes', file: 'delivery/delivery.spec.ts', line: 99, tests: [{ status: 'expected' }] },
            {
              title: 'a journey',
              file: 'delivery/delivery.spec.ts',
              line: 120,
              tests: [
                { projectName: 'suites', status: 'expected' },
                { projectName: 'journeys on PostgreSQL', status: 'unexpected' },
              ],
            },
          ],
        },
      ],
    },
  ],
});

const firstError =
  "Error: expect(locator).toBeVisible() / Locator: getByText('Saved') / Expected: visible / Timeout: 10000ms (at delivery/delivery.spec.ts:97)";

test('names the failed and the flaky tests with their file, line and describe path, the journeys’ other run, and the first error', () => {
  assert.deepEqual(troubledTests(report), {
    failed: [
      { name: 'delivery/delivery.spec.ts:40 › a rollback prerenders', error: undefined },
      { name: '[journeys on PostgreSQL] delivery/delivery.spec.ts:120 › canary › a journey', error: undefined },
    ],
    flaky: [{ name: 'delivery/delivery.spec.ts:90 › canary › each side gets its visits', error: firstError }],
  });
});

test('the summary gives a flaky test’s first error under its name, without colours', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-report-')), 'report.json');
  writeFileSync(file, JSON.stringify(report));
  assert.deepEqual(troubleLines(file), [
    'failed: delivery/delivery.spec.ts:40 › a rollback prerenders',
    'failed: [journeys on PostgreSQL] delivery/delivery.spec.ts:120 › canary › a journey',
    'passed on retry: delivery/delivery.spec.ts:90 › canary › each side gets its visits',
    `  first error: ${firstError}`,
  ]);
});

test('a report with nothing wrong names nothing', () => {
  assert.deepEqual(troubledTests(/** @type {Report} */ ({ suites: /** @type {Report['suites']} */ ([]) })), { failed: [], flaky: [] });
});
