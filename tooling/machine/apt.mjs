// Debian packages the kit needs on a machine (Chromium, PostgreSQL), installed with apt when this runs as root.
// apt writes several hundred lines; they go to a log file under .tooling/, and the terminal gets one line.
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from './pnpm.mjs';

export const isRoot = () => process.getuid?.() === 0;

/** Installs `packages` with apt (root only), saying what and why in one line. */
export function aptInstall(packages, why) {
  if (!isRoot()) throw new Error(`${why} needs Debian's ${packages.join(' and ')}. Install with: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  mkdirSync(join(rootDir, '.tooling'), { recursive: true });
  const logFile = join(rootDir, '.tooling', 'apt.log');
  console.log(`Installing Debian's ${packages.join(' and ')} for ${why} (about a minute; apt's output: ${logFile}) ...`);
  const log = openSync(logFile, 'a');
  const apt = (...args) => execFileSync('apt-get', args, { stdio: ['ignore', log, log], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt('update', '-qq');
    apt('install', '-y', '-qq', ...packages);
  } catch (error) {
    throw new Error(`apt could not install ${packages.join(' ')}; see ${logFile}`, { cause: error });
  }
}
