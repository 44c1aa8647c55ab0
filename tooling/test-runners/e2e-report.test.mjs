import assert from 'node:assert/strict';
import { test } from 'node:test';
import { troubledTests } from './e2e-report.mjs';

// The shape Playwright 1.65's JSON reporter writes: a suite per file, nested suites per describe().
const report = {
  suites: [
    {
      title: 'delivery/delivery.spec.ts',
      file: 'delivery/delivery.spec.ts',
      specs: [{ title: 'a rollback prerenders', file: 'delivery/delivery.spec.ts', line: 40, tests: [{ status: 'unexpected' }] }],
      suites: [
        {
          title: 'canary',
          specs: [
            { title: 'each side gets its visits', file: 'delivery/delivery.spec.ts', line: 90, tests: [{ status: 'flaky' }] },
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
};

test('names the failed and the flaky tests with their file, line and describe path, and the journeys’ other run', () => {
  assert.deepEqual(troubledTests(report), {
    failed: ['delivery/delivery.spec.ts:40 › a rollback prerenders', '[journeys on PostgreSQL] delivery/delivery.spec.ts:120 › canary › a journey'],
    flaky: ['delivery/delivery.spec.ts:90 › canary › each side gets its visits'],
  });
});

test('a report with nothing wrong names nothing', () => {
  assert.deepEqual(troubledTests({ suites: [] }), { failed: [], flaky: [] });
});
