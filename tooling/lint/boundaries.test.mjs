// @ts-check
// The direction of the imports lint keeps (eslint.config.mjs, "boundaries"), tried on probe code: a rule that
// silently stopped matching (a moved folder, a renamed package) would let every wrong import through.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { rootDir } from '../machine/pnpm.mjs';

/** The rules that need the program's types: a probe that is not about them lints without (quicker, and at any path). */
const TYPED_RULES = ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises'];

/**
 * The errors of `ruleId` in `code` as the file at `path`, linted from standard input as the lint step lints files (no
 * file is written, so nothing else that runs meanwhile sees it; ESLint's Node API did not resolve the workspace's
 * packages here). `typed`: with the type-aware rules, for a probe at the path of a file that exists.
 *
 * @param {string} path
 * @param {string} code
 * @param {string} ruleId
 * @param {{ typed?: boolean }} [options]
 * @returns {string[]}
 */
function lintErrors(path, code, ruleId, { typed = false } = {}) {
  const untyped = typed ? [] : ['--parser-options', 'projectService:false', ...TYPED_RULES.flatMap((rule) => ['--rule', `${rule}: off`])];
  const run = spawnSync(join(rootDir, 'node_modules/.bin/eslint'), ['--format', 'json', ...untyped, '--stdin', '--stdin-filename', path], {
    cwd: rootDir,
    input: code,
    encoding: 'utf8',
  });
  // The part of ESLint's JSON format read here: one result per file linted.
  const [result] = /** @type {{ messages: { ruleId: string | null, message: string }[] }[]} */ (JSON.parse(run.stdout));
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

/** @type {(path: string, code: string) => string[]} */
const boundaryErrors = (path, code) => lintErrors(path, code, 'import-x/no-restricted-paths');

describe('the direction of imports', () => {
  it('the API client never imports the UI kit; the kit may import the client', () => {
    const [refused] = boundaryErrors('packages/api-client/src/lint-probe.ts', "import { toast } from '@agri/ui';\nexport const probe = toast;\n");
    assert.match(refused ?? '', /never imports the UI kit/);
    assert.deepEqual(boundaryErrors('packages/ui/src/lint-probe.ts', "import { messageOf } from '@agri/api-client';\nexport const probe = messageOf;\n"), []);
  });

  it('packages never import apps, and an app never imports another app', () => {
    const [fromPackage] = boundaryErrors(
      'packages/ui/src/lint-probe.ts',
      "import { when } from '../../../apps/backoffice/src/features/layout/when';\nexport const probe = when;\n",
    );
    assert.match(fromPackage ?? '', /Packages never import apps/);
    const [fromApp] = boundaryErrors(
      'apps/catalog/src/lint-probe.ts',
      "import { when } from '../../backoffice/src/features/layout/when';\nexport const probe = when;\n",
    );
    assert.match(fromApp ?? '', /never imports another app/);
  });
});

describe('routes → pages → features', () => {
  it('a page never imports another page; it may import its own files and the features', () => {
    const [refused] = boundaryErrors(
      'apps/backoffice/src/pages/lead/lint-probe.ts',
      "import LeadsPage from '../leads/leads-page';\nexport const probe = LeadsPage;\n",
    );
    assert.match(refused ?? '', /A page never imports another page/);
    assert.deepEqual(
      boundaryErrors(
        'apps/backoffice/src/pages/lead/lint-probe.ts',
        "import { useLeadStore } from '../../features/leads/leads-store';\nexport const probe = useLeadStore;\n",
      ),
      [],
    );
  });
});

describe('the one door of each library', () => {
  it('moment and DOMPurify are reached through @agri/ui alone', () => {
    const [moment] = lintErrors('apps/catalog/src/lint-probe.ts', "import moment from 'moment';\nexport const probe = moment;\n", 'no-restricted-imports');
    assert.match(moment ?? '', /@agri\/ui\/dates/);
    const [purify] = lintErrors(
      'apps/content/src/lint-probe.ts',
      "import DOMPurify from 'dompurify';\nexport const probe = DOMPurify;\n",
      'no-restricted-imports',
    );
    assert.match(purify ?? '', /@agri\/ui\/rich-text/);
    assert.deepEqual(
      lintErrors('packages/ui/src/format/dates.ts', "import moment from 'moment';\nexport const probe = moment;\n", 'no-restricted-imports'),
      [],
    );
  });
});

describe('the length of a function', () => {
  /** @type {(lines: number) => string} */
  const component = (lines) =>
    `export function Probe() {\n  return (\n    <ul>\n${Array.from({ length: lines - 6 }, (_, index) => `      <li>${index}</li>`).join('\n')}\n    </ul>\n  );\n}\n`;

  it('a React component of an app is at most 80 lines, as the API, the packages and the tools', () => {
    assert.deepEqual(lintErrors('apps/catalog/src/pages/lint-probe.tsx', component(80), 'max-lines-per-function'), []);
    const [refused] = lintErrors('apps/catalog/src/pages/lint-probe.tsx', component(81), 'max-lines-per-function');
    assert.match(refused ?? '', /too many lines \(81\)/);
    assert.equal(lintErrors('apps/catalog/src/pages/lint-probe.test.tsx', component(81), 'max-lines-per-function').length, 0);
  });
});

describe('the length of a module', () => {
  /** @type {(lines: number) => string} */
  const moduleOf = (lines) => Array.from({ length: lines }, (_, index) => `export const line${index} = ${index};\n`).join('');

  it('a module of the API is at most 250 lines, its tests and the lists of data may be longer', () => {
    assert.deepEqual(lintErrors('apps/api/src/payments/lint-probe.ts', moduleOf(250), 'max-lines'), []);
    const [refused] = lintErrors('apps/api/src/payments/lint-probe.ts', moduleOf(251), 'max-lines');
    assert.match(refused ?? '', /too many lines \(251\)/);
    assert.deepEqual(lintErrors('apps/api/src/payments/lint-probe.test.ts', moduleOf(251), 'max-lines'), []);
    assert.deepEqual(lintErrors('apps/api/src/db/migrations.ts', moduleOf(251), 'max-lines'), []);
  });
});

describe('promises', () => {
  it('a promise that nobody awaits or handles is refused (type-aware lint)', () => {
    const [refused] = lintErrors(
      'apps/catalog/src/shared/dates.ts',
      "export function probe() {\n  fetch('/api/course');\n}\n",
      '@typescript-eslint/no-floating-promises',
      { typed: true },
    );
    assert.match(refused ?? '', /Promises must be awaited/);
    assert.deepEqual(
      lintErrors(
        'apps/catalog/src/shared/dates.ts',
        "export function probe() {\n  void fetch('/api/course');\n}\n",
        '@typescript-eslint/no-floating-promises',
        {
          typed: true,
        },
      ),
      [],
    );
  });
});
