// @ts-check
// `npm run test:api:postgres`: the API tests on a throw-away PostgreSQL server instead of PGlite,
// the two-instance tests included. `npm run test:api:postgres -- src/instances.test.ts` runs only the
// files named (paths relative to apps/api).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensurePnpm, rootDir } from '../machine/pnpm.mjs';
import { startPostgres } from '../machine/postgres.mjs';

const files = process.argv.slice(2);
const [command, args] = files.length ? [process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files]] : [ensurePnpm(), ['test']];
const postgres = await startPostgres();
console.log(`PostgreSQL test server on 127.0.0.1:${postgres.port}`);
const result = spawnSync(command, args, {
  cwd: join(rootDir, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: postgres.adminUrl },
});
postgres.stop();
process.exit(result.status ?? 1);
