// @ts-check
// Type-checks the workspace (strict, no emit) in four programs, two at a time: the browser code (every app of
// the site, the packages, the monolith benchmark and the delivery suite's extra remote) as one program, the
// API, the e2e suites, and the JavaScript that Node runs: every .mjs of the tooling (build, serve, test-runners,
// machine, delivery, prerender and bench: every module and every test) and of the e2e harness. The browser apps and packages share one set of options (tsconfig.base.json); checked
// one by one, each program checked the packages again, and the whole took about 60 s instead of 15
// (2026-11-27). Each folder keeps its own tsconfig.json for editors.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apps } from '../build/apps.mjs';
import { rootDir } from '../machine/pnpm.mjs';

/** @param {string} path */
const at = (path) => join(rootDir, path);
// Written inside the checkout, so that type libraries resolve from its node_modules as for any other tsconfig.
const scratch = at('node_modules/.cache/typecheck');
mkdirSync(scratch, { recursive: true });
const browserConfig = join(scratch, 'tsconfig.browser.json');
writeFileSync(
  browserConfig,
  JSON.stringify({
    extends: at('tsconfig.base.json'),
    include: [
      at('packages/api-client/src'),
      at('packages/ui/src'),
      ...apps.map(({ dir }) => join(dir, 'src')),
      at('tooling/test-runners/jest/setup.ts'),
      at('tooling/bench/monolith/*.ts'),
      at('e2e/delivery/notices/src'),
    ],
  }),
);

// The .mjs that Node runs, as strict as the TypeScript (each parameter typed by JSDoc): all of them, so a new file
// is checked whether or not it says `// @ts-check`.
const toolingConfig = join(scratch, 'tsconfig.tooling.json');
writeFileSync(
  toolingConfig,
  JSON.stringify({
    compilerOptions: {
      target: 'ES2023',
      // The DOM too: the prerenderer and the benchmarks hand Chromium callbacks that run in the page.
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      allowJs: true,
      checkJs: true,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      resolveJsonModule: true,
      types: ['node'],
    },
    include: [at('tooling/**/*.mjs'), at('e2e/**/*.mjs')],
  }),
);

/** @type {[name: string, project: string][]} */
const programs = [
  ['the browser apps and packages', browserConfig],
  ['apps/api', at('apps/api')],
  ['e2e', at('e2e')],
  ['tooling', toolingConfig],
];

// Incremental: tsc keeps what it learnt of each program (its files' hashes and their types) and, on the next run,
// checks again only what a change can reach; a fresh clone checks everything.
/** @type {(program: [name: string, project: string]) => Promise<boolean>} */
const check = ([name, project]) =>
  new Promise((done) => {
    const buildInfo = join(scratch, `${name.replace(/\W+/g, '-')}.tsbuildinfo`);
    const tsc = spawn(at('node_modules/.bin/tsc'), ['-p', project, '--incremental', '--tsBuildInfoFile', buildInfo], { cwd: rootDir, stdio: 'inherit' });
    tsc.on('exit', (code) => {
      console.log(`typecheck ${name}: ${code === 0 ? 'ok' : 'FAILED'}`);
      done(code === 0);
    });
  });

const queue = [...programs];
/** @type {boolean[]} */
const results = [];
await Promise.all(
  [1, 2].map(async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(next));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
