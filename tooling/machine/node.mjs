// @ts-check
// Finds the Node the project is developed on (.nvmrc: the current LTS's major), installing it into .tooling/ from
// the npm registry when the machine has another (CI's machines have Node 20 and reach only the npm registry and
// Debian's packages). The registry's `node-<platform>-<arch>` package is the official binary, checked by npm
// against the registry's integrity. Run as a command, it prints the folder of that `node` for PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from './pnpm.mjs';

/** The major version .nvmrc names ("24"). */
export const developedMajor = () => readFileSync(join(rootDir, '.nvmrc'), 'utf8').trim().replace(/^v/, '').split('.')[0];

/** The registry's package of the Node binary for this machine. */
export const nodePackage = (platform = process.platform, arch = process.arch) => `node-${platform}-${arch}`;

/**
 * The folder holding that major's `node`: the running Node's own when it is that major, else one under
 * `<root>/.tooling/node-<major>/`, installed on first use.
 *
 * @param {{ major?: string, root?: string, log?: (line: string) => void }} [options]
 */
export function ensureNode({ major = developedMajor(), root = rootDir, log = console.log } = {}) {
  if (process.versions.node.split('.')[0] === major) return join(process.execPath, '..');
  const home = join(root, '.tooling', `node-${major}`);
  const bin = join(home, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  log(`Installing Node ${major} into .tooling/ from the npm registry (${nodePackage()}, about 50 MB) ...`);
  mkdirSync(join(root, '.tooling'), { recursive: true });
  const work = mkdtempSync(join(root, '.tooling', `node-${major}-`));
  try {
    execFileSync('npm', ['pack', '--silent', `${nodePackage()}@${major}`], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${nodePackage()}@${major} left no tarball`);
    execFileSync('tar', ['-xzf', tarball], { cwd: work });
    // Moved in whole once unpacked: a run stopped half-way leaves no `node` that would be taken for a good one.
    renameSync(join(work, 'package'), home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureNode({ log: (line) => console.error(line) }));
}
