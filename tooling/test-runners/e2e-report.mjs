// Which e2e tests failed or passed only on their retry, read from Playwright's JSON report. CI's record keeps
// only the tail of a run, so the summary must name them: "e2e suites failed" alone cannot be acted on.
import { existsSync, readFileSync } from 'node:fs';

/** Each test of the report as `[project] file:line › title path`, with Playwright's verdict ('expected', 'unexpected', 'flaky', 'skipped'). */
function* testsOf(suite, titles = []) {
  const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      // The journeys' runs on other APIs say which (e2e/playwright.config.ts's projects); the suites' need no name.
      const project = test.projectName && test.projectName !== 'suites' ? `[${test.projectName}] ` : '';
      yield { name: `${project}${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`, status: test.status };
    }
  }
  for (const child of suite.suites ?? []) yield* testsOf(child, path);
}

/** The failed and the flaky tests of a report (empty lists when it has none). */
export function troubledTests(report) {
  const tests = (report.suites ?? []).flatMap((suite) => [...testsOf(suite)]);
  return {
    failed: tests.filter((test) => test.status === 'unexpected').map((test) => test.name),
    flaky: tests.filter((test) => test.status === 'flaky').map((test) => test.name),
  };
}

/** Lines for the summary, or a line saying the report is missing (the run stopped before writing it). */
export function troubleLines(reportFile) {
  if (!existsSync(reportFile)) return [`no report at ${reportFile}`];
  const { failed, flaky } = troubledTests(JSON.parse(readFileSync(reportFile, 'utf8')));
  return [...failed.map((name) => `failed: ${name}`), ...flaky.map((name) => `passed on retry: ${name}`)];
}
