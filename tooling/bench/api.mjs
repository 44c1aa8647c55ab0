// @ts-check
// `npm run bench:api`: the API benchmark (apps/api/bench/api-bench.ts) on PGlite and, on a throw-away
// PostgreSQL server, with one and two instances. Niced: it shares the machine with builds and browsers.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from '../machine/pnpm.mjs';
import { startPostgres } from '../machine/postgres.mjs';

const postgres = await startPostgres();
const result = spawnSync('nice', ['-n', '10', process.execPath, '--import', 'tsx', 'bench/api-bench.ts'], {
  cwd: join(rootDir, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, BENCH_POSTGRES_URL: postgres.adminUrl },
});
postgres.stop();
process.exit(result.status ?? 1);
