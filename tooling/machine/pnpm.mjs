// @ts-check
// Finds the pinned pnpm (package.json "packageManager"), installing it into
// .tooling/ with npm when it is missing, so a fresh machine needs only Node and npm.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const pinned = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).packageManager.split('@')[1];
const localPrefix = join(rootDir, '.tooling', 'pnpm');
const localBin = join(localPrefix, 'node_modules', '.bin', 'pnpm');

/** @param {string} bin */
function versionOf(bin) {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function ensurePnpm() {
  if (versionOf('pnpm') === pinned) return 'pnpm';
  if (existsSync(localBin) && versionOf(localBin) === pinned) return localBin;
  console.log(`Installing pnpm ${pinned} into .tooling/ ...`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', localPrefix, `pnpm@${pinned}`], {
    stdio: 'inherit',
  });
  return localBin;
}

/**
 * Installs the workspace's dependencies; quick when nothing changed.
 *
 * @param {string} pnpm
 */
export function installDependencies(pnpm) {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  execFileSync(pnpm, ['install', ...frozen], { cwd: rootDir, stdio: 'inherit' });
}
