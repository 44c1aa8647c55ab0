// `npm test`: type-check, lint, unit tests, API tests (on PGlite and on a
// throw-away PostgreSQL server), production build, the e2e suites, and the
// cross-remote journeys twice more: with the API on PostgreSQL, and with the API
// answering as the business's hosted API does. Every step runs; the summary
// names what failed.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildAll } from '../build/build.mjs';
import { ensureChromium } from '../machine/chromium.mjs';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { startPostgres } from '../machine/postgres.mjs';
import { troubleLines } from './e2e-report.mjs';

const bin = (name) => join(rootDir, 'node_modules/.bin', name);
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
};

const pnpm = ensurePnpm();
installDependencies(pnpm);
ensureChromium();

/** The tooling's tests, every `*.test.mjs` under tooling/. */
const toolingTests = readdirSync(join(rootDir, 'tooling'), { recursive: true })
  .filter((path) => path.endsWith('.test.mjs') && !path.includes('node_modules'))
  .map((path) => relative(rootDir, join(rootDir, 'tooling', path)))
  .sort();
const apiPackage = JSON.parse(readFileSync(join(rootDir, 'apps/api/package.json'), 'utf8'));

// One PostgreSQL server for the whole run, started when a step first needs it; stopped on exit.
let postgres;
const postgresServer = async () => (postgres ??= await startPostgres());

/** The journeys with the API on a fresh PostgreSQL database, then proof that they really wrote there. */
async function journeysOnPostgres() {
  const server = await postgresServer();
  const database = 'agri_e2e_journeys';
  // Ports of their own, so a server left from another run cannot answer.
  const env = { ...process.env, DATABASE_URL: server.createDatabase(database), E2E_PORT_BASE: '5400' };
  run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--grep', '@journey'], { env });
  const customers = Number(server.queryValue(database, 'SELECT count(*) FROM customers'));
  if (!(customers > 0)) throw new Error('the journeys left no customer in PostgreSQL: the API did not use DATABASE_URL');
  console.log(`PostgreSQL database ${database}: customers registered by the journeys: ${customers}`);
}

/** Each e2e step's JSON report, by its port base (e2e/playwright.config.ts), for the summary. */
const e2eReport = (portBase) => join(rootDir, `test-results/e2e-${portBase}.json`);

const steps = [
  ['type-check', () => run(process.execPath, ['tooling/test-runners/typecheck.mjs'])],
  ['lint', () => run(bin('eslint'), ['.', '--max-warnings=0'])],
  ['unit tests', () => run(bin('jest'), ['--ci'])],
  ...(apiPackage.scripts?.test
    ? [
        ['API tests', () => run(pnpm, ['--filter', '@agri/api', 'test'])],
        [
          'API tests on PostgreSQL',
          async () => run(pnpm, ['--filter', '@agri/api', 'test'], { env: { ...process.env, TEST_DATABASE_URL: (await postgresServer()).adminUrl } }),
        ],
      ]
    : []),
  // Named one by one: given a folder, Node 20 would also run the files that are not tests.
  ['tooling tests', () => run(process.execPath, ['--test', ...toolingTests])],
  ['production build', () => buildAll(pnpm)],
  ['e2e suites', () => run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']), e2eReport(process.env.E2E_PORT_BASE ?? 5000)],
  // The journeys once more against the API answering as the business's hosted API does (README: API dialects),
  // on ports of their own so a server left from the first run cannot answer.
  [
    'e2e journeys, hosted API dialect',
    () =>
      run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--grep', '@journey'], {
        env: { ...process.env, API_DIALECT: 'hosted', E2E_PORT_BASE: '5200' },
      }),
    e2eReport(5200),
  ],
  ['e2e journeys on PostgreSQL', journeysOnPostgres, e2eReport(5400)],
];

const failed = [];
const seconds = new Map();
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    await step();
  } catch (error) {
    console.error(`${name} failed: ${error.message}`);
    failed.push(name);
  }
  seconds.set(name, Math.round((Date.now() - started) / 1000));
}

postgres?.stop();

console.log('\n=== summary ===');
for (const [name, , report] of steps) {
  console.log(`${failed.includes(name) ? 'FAIL' : 'ok  '} ${name} (${seconds.get(name)} s)`);
  if (report) for (const line of troubleLines(report)) console.log(`       ${line}`);
}
console.log(`steps: ${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
