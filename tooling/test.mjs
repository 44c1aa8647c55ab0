// `npm test`: type-check, lint, unit tests, API tests, production build and the
// e2e suites. Every step runs; the summary names what failed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { ensurePnpm, installDependencies, rootDir } from './pnpm.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `The e2e suites need Debian's Chromium at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
  }
  console.log('Installing Debian Chromium for the e2e suites ...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const bin = (name) => join(rootDir, 'node_modules/.bin', name);
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
};

const pnpm = ensurePnpm();
installDependencies(pnpm);
ensureChromium();

const toolingTests = readdirSync(join(rootDir, 'tooling'))
  .filter((name) => name.endsWith('.test.mjs'))
  .map((name) => join('tooling', name));
const apiPackage = JSON.parse(readFileSync(join(rootDir, 'apps/api/package.json'), 'utf8'));
const steps = [
  ['type-check', () => run(process.execPath, ['tooling/typecheck.mjs'])],
  ['lint', () => run(bin('eslint'), ['.', '--max-warnings=0'])],
  ['unit tests', () => run(bin('jest'), ['--ci'])],
  ...(apiPackage.scripts?.test ? [['API tests', () => run(pnpm, ['--filter', '@agri/api', 'test'])]] : []),
  // Named one by one: given the folder, Node 20 would also run this file (test.mjs).
  ['tooling tests', () => run(process.execPath, ['--test', ...toolingTests])],
  ['production build', () => buildAll(pnpm)],
  ['e2e suites', () => run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'])],
  // The journeys once more against the API answering as the business's hosted API does (README: API dialects),
  // on ports of their own so a server left from the first run cannot answer.
  [
    'e2e journeys, hosted API dialect',
    () =>
      run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--grep', '@journey'], {
        env: { ...process.env, API_DIALECT: 'hosted', E2E_PORT_BASE: '5200' },
      }),
  ],
];

const failed = [];
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  try {
    await step();
  } catch (error) {
    console.error(`${name} failed: ${error.message}`);
    failed.push(name);
  }
}

console.log('\n=== summary ===');
for (const [name] of steps) console.log(`${failed.includes(name) ? 'FAIL' : 'ok  '} ${name}`);
console.log(`steps: ${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
