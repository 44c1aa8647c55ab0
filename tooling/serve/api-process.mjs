// @ts-check
// The reference API (apps/api) as tooling starts it: `npm start`, `npm run dev`, the e2e harness (its server, and the
// staff terminal's `npm run staff` for the back office's suites), the Daraja simulator and the benchmarks. One place
// for its folder, its default data folder and the command that runs a script of it through tsx (the API's own tests
// start it from its side: apps/api/src/test-support.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../machine/pnpm.mjs';

export const API_DIR = join(rootDir, 'apps/api');

/**
 * Where the API keeps its database and its generated secrets: DATA_DIR, else apps/api/data. The API's own default is the
 * owner (apps/api/src/config.ts, dataDirFrom); this copy is for the plain-Node tooling, which cannot import TypeScript.
 */
export const apiDataDir = (env = process.env) => env.DATA_DIR ?? join(API_DIR, 'data');

/** Whether this checkout has the reference API (a copy of the site alone, pointed at a hosted API, has not). */
export const hasReferenceApi = () => existsSync(join(API_DIR, 'src/main.ts'));

/**
 * Runs one of the API's scripts (its server by default), given `args`, with `env` as the whole environment.
 *
 * @param {NodeJS.ProcessEnv} env
 * @param {{ script?: string, args?: string[], stdio?: import('node:child_process').StdioOptions }} [options]
 */
export function spawnApi(env, { script = 'src/main.ts', args = [], stdio = 'inherit' } = {}) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: API_DIR, stdio, env });
}
