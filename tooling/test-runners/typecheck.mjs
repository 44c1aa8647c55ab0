// Type-checks every workspace project that has a tsconfig.json (strict, no emit).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appNames } from '../build/apps.mjs';
import { rootDir } from '../machine/pnpm.mjs';

const projects = [
  'packages/api-client',
  'packages/ui',
  ...appNames.map((name) => `apps/${name}`),
  'e2e',
  'e2e/delivery/notices',
  'tooling/bench/monolith',
].filter((project) => existsSync(join(rootDir, project, 'tsconfig.json')));

let failed = false;
for (const project of projects) {
  try {
    execFileSync(join(rootDir, 'node_modules/.bin/tsc'), ['-p', project], { cwd: rootDir, stdio: 'inherit' });
    console.log(`typecheck ${project}: ok`);
  } catch {
    failed = true;
    console.error(`typecheck ${project}: FAILED`);
  }
}
process.exit(failed ? 1 : 0);
