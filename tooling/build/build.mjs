// @ts-check
// Production build of every app of the site (apps.mjs); prints how long it took.
import { execFileSync } from 'node:child_process';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { apps } from './apps.mjs';

/** @param {string} pnpm */
export function buildAll(pnpm) {
  const started = performance.now();
  const filters = apps.flatMap((app) => ['--filter', `@agri/${app.name}`]);
  execFileSync(pnpm, [...filters, '--workspace-concurrency=2', 'run', 'build'], { cwd: rootDir, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nProduction build of ${apps.length} apps: ${seconds} s (budget: 60 s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pnpm = ensurePnpm();
  installDependencies(pnpm);
  buildAll(pnpm);
}
