// `npm run test:api:postgres`: the API tests on a throw-away PostgreSQL server instead of PGlite,
// the two-instance tests included.
import { spawnSync } from 'node:child_process';
import { ensurePnpm, rootDir } from './pnpm.mjs';
import { startPostgres } from './postgres.mjs';

const pnpm = ensurePnpm();
const postgres = await startPostgres();
console.log(`PostgreSQL test server on 127.0.0.1:${postgres.port}`);
const result = spawnSync(pnpm, ['--filter', '@agri/api', 'test'], {
  cwd: rootDir,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: postgres.adminUrl },
});
postgres.stop();
process.exit(result.status ?? 1);
