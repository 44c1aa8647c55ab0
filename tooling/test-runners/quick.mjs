// @ts-check
// `npm run test:quick`: what a developer runs after each small step, in a few minutes: type-check, lint, the
// unit and component tests, the API tests on PGlite and the tooling's tests, two at a time. `npm test` runs
// these and then the rest (tooling/test-runners/test.mjs).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { runCommand, runSteps, summarize } from './steps.mjs';

/** @param {string} name */
const bin = (name) => join(rootDir, 'node_modules/.bin', name);

/** The tooling's tests, every `*.test.mjs` under tooling/. */
const toolingTests = () =>
  readdirSync(join(rootDir, 'tooling'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.mjs') && !path.includes('node_modules'))
    .map((path) => relative(rootDir, join(rootDir, 'tooling', path)))
    .sort();

/**
 * The quick loop's steps, longest first so that the two lanes end together.
 *
 * @type {(pnpm: string) => import('./steps.mjs').Step[]}
 */
export const quickSteps = (pnpm) => [
  { name: 'API tests', run: (output) => runCommand(output, pnpm, ['--filter', '@agri/api', 'test']) },
  { name: 'unit tests', run: (output) => runCommand(output, bin('jest'), ['--ci']) },
  { name: 'type-check', run: (output) => runCommand(output, process.execPath, ['tooling/test-runners/typecheck.mjs']) },
  // One way of writing, kept by the tools: ESLint's rules, then Prettier's layout (npm run format writes it).
  {
    name: 'lint',
    run: async (output) => {
      await runCommand(output, bin('eslint'), ['.', '--max-warnings=0']);
      // Prettier's cache is per file and keyed by its content, so a second run reads only what changed. ESLint's is
      // not used: no-cycle and the boundaries read other files, which its cache does not follow.
      await runCommand(output, bin('prettier'), [
        '--check',
        '.',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        'node_modules/.cache/prettier/cache.json',
      ]);
    },
  },
  // Named one by one: given a folder, Node 20 would also run the files that are not tests.
  { name: 'tooling tests', run: (output) => runCommand(output, process.execPath, ['--test', ...toolingTests()]) },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const pnpm = ensurePnpm();
  installDependencies(pnpm);
  process.exit(summarize(await runSteps(quickSteps(pnpm)), started));
}
