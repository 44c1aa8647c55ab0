// @ts-check
// Debian packages the kit needs on a machine (Chromium, PostgreSQL), installed with apt when this runs as root.
// apt writes several hundred lines; they go to a log file under .tooling/, and the terminal gets one line, or the
// log's last lines when apt fails (its reason, `E: …`, is among them).
import { execFileSync } from 'node:child_process';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rootDir } from './pnpm.mjs';

export const isRoot = () => process.getuid?.() === 0;

const TAIL_LINES = 20;

/**
 * apt-get with `args`, its output into the open file `log`; throws when it fails.
 *
 * @type {(args: string[], log: number) => unknown}
 */
const aptGet = (args, log) => execFileSync('apt-get', args, { stdio: ['ignore', log, log], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });

/**
 * The last lines of what was written to `file` from byte `from` on (the log keeps earlier installs too).
 *
 * @param {string} file
 * @param {number} from
 */
function tailOf(file, from) {
  const written = readFileSync(file).subarray(from).toString('utf8').trimEnd();
  return written.split('\n').slice(-TAIL_LINES).join('\n');
}

/**
 * Installs `packages` with apt (root only), saying what and why in one line. The tests give their own `run`
 * (apt-get) and `logFile`.
 *
 * @param {string[]} packages
 * @param {string} why
 * @param {{ run?: (args: string[], log: number) => unknown, logFile?: string }} [options]
 */
export function aptInstall(packages, why, { run = aptGet, logFile = join(rootDir, '.tooling', 'apt.log') } = {}) {
  if (!isRoot())
    throw new Error(`${why} needs Debian's ${packages.join(' and ')}. Install with: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  mkdirSync(dirname(logFile), { recursive: true });
  console.log(`Installing Debian's ${packages.join(' and ')} for ${why} (about a minute; apt's output: ${logFile}) ...`);
  const log = openSync(logFile, 'a');
  const start = fstatSync(log).size;
  try {
    run(['update', '-qq'], log);
    run(['install', '-y', '-qq', ...packages], log);
  } catch (error) {
    const tail = tailOf(logFile, start) || (error instanceof Error ? error.message : String(error));
    throw new Error(`apt could not install ${packages.join(' ')}; the end of its output (all of it in ${logFile}):\n${tail}`, { cause: error });
  } finally {
    closeSync(log);
  }
}
