// @ts-check
// Which e2e tests failed or passed only on their retry, and why, read from Playwright's JSON report. CI's record
// keeps only the tail of a run, so the summary must name them and their first error: "e2e suites failed" alone
// cannot be acted on, and a flaky test's error is otherwise scrolled out of the record.
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {import('@playwright/test/reporter').JSONReport} Report */
/** @typedef {import('@playwright/test/reporter').JSONReportSuite} Suite */
/** @typedef {import('@playwright/test/reporter').JSONReportTest} Test */
/** @typedef {{ name: string, error: string | undefined }} Troubled */

/**
 * Each test of the report as `[project] file:line › title path`, with Playwright's verdict ('expected', 'unexpected', 'flaky', 'skipped').
 *
 * @param {Suite} suite
 * @param {string[]} [titles]
 * @returns {Generator<Troubled & { status: Test['status'] }>}
 */
function* testsOf(suite, titles = []) {
  const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      // The journeys' runs on other APIs say which (e2e/playwright.config.ts's projects); the suites' need no name.
      const project = test.projectName && test.projectName !== 'suites' ? `[${test.projectName}] ` : '';
      yield { name: `${project}${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`, status: test.status, error: firstError(test) };
    }
  }
  for (const child of suite.suites ?? []) yield* testsOf(child, path);
}

// Playwright colours its messages.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * The first attempt's error in a few lines, where in the spec it was thrown, or undefined.
 *
 * @param {Test} test
 */
function firstError(test) {
  const error = (test.results ?? []).find((result) => result.error)?.error;
  if (!error) return undefined;
  const lines = (error.message ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const at = error.location ? ` (at ${error.location.file.split('/e2e/').at(-1)}:${error.location.line})` : '';
  return `${lines.slice(0, 4).join(' / ')}${at}`;
}

/**
 * The failed and the flaky tests of a report, each with its first error (empty lists when it has none).
 *
 * @param {Report} report
 */
export function troubledTests(report) {
  const tests = (report.suites ?? []).flatMap((suite) => [...testsOf(suite)]);
  /** @type {(status: Test['status']) => Troubled[]} */
  const named = (status) => tests.filter((test) => test.status === status).map(({ name, error }) => ({ name, error }));
  return { failed: named('unexpected'), flaky: named('flaky') };
}

/**
 * Lines for the summary, or a line saying the report is missing (the run stopped before writing it).
 *
 * @param {string} reportFile
 */
export function troubleLines(reportFile) {
  if (!existsSync(reportFile)) return [`no report at ${reportFile}`];
  const { failed, flaky } = troubledTests(JSON.parse(readFileSync(reportFile, 'utf8')));
  /** @type {(verdict: string, test: Troubled) => string[]} */
  const lines = (verdict, { name, error }) => [`${verdict}: ${name}`, ...(error ? [`  first error: ${error}`] : [])];
  return [...failed.flatMap((test) => lines('failed', test)), ...flaky.flatMap((test) => lines('passed on retry', test))];
}
