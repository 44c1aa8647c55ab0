// @ts-check
// The console guard of tooling/test-runners/jest/setup.ts fails a test that prints an
// unexpected error or warning, and only such a test: checked on a fixture run
// through jest with the suite's own config.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { rootDir } from '../../machine/pnpm.mjs';

test('the console guard fails exactly the tests with unexpected console output', () => {
  const jest = spawnSync(
    join(rootDir, 'node_modules/.bin/jest'),
    ['--ci', '--json', '--roots', '<rootDir>/tooling/test-runners/jest/guard-fixture', '--testMatch', '**/*.fixture.ts'],
    { cwd: rootDir, encoding: 'utf8' },
  );
  // The part of jest's --json report read here.
  const report = /** @type {{ testResults: { assertionResults: { title: string, failureMessages: string[] }[] }[] }} */ (JSON.parse(jest.stdout));
  const [file] = report.testResults;
  const outcomes = Object.fromEntries(
    file.assertionResults.map((result) => [result.title, result.failureMessages.join('').split('\n').slice(0, 2).join('\n')]),
  );
  assert.deepEqual(outcomes, {
    'is quiet': '',
    'prints an error': 'Error: Unexpected console output:\n  console.error("boom: the detail") during "prints an error"',
    'prints a warning': 'Error: Unexpected console output:\n  console.warn("careful") during "prints a warning"',
    'expects its error': '',
    'leaves an error to print after it ends': 'Error: Unexpected console output:\n  console.error("late") during "leaves an error to print after it ends"',
  });
});
