import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { apps, appNames } from './tooling/build/apps.mjs';

/**
 * Boundaries, checked on the resolved file, so no spelling of a path gets round them:
 * an app never imports another app, a package never imports an app, and in @agri/ui the
 * components never import the federation plumbing (which may use them).
 */
const boundaries = [
  ...appNames.map((name) => ({
    target: `./apps/${name}`,
    from: './apps',
    except: [`./${name}`],
    message: 'An app never imports another app: share through packages/ or an exposed module.',
  })),
  { target: './packages', from: './apps', message: 'Packages never import apps.' },
  {
    target: './packages/api-client',
    from: './packages/ui',
    message: 'The API client never imports the UI kit: the kit builds on the client (messages, data areas), never the other way.',
  },
  { target: './packages/ui/src/components', from: './packages/ui/src/federation', message: 'Components never import the federation plumbing.' },
];

/**
 * Imports flow routes → pages → features: a page never imports another page's files; what two pages share is a
 * feature (`src/features/`). A zone for each page folder of each browser app.
 */
function pagesApart() {
  return appNames.flatMap((name) => {
    const pages = `apps/${name}/src/pages`;
    if (!existsSync(pages)) return [];
    return readdirSync(pages, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name: page }) => ({
        target: `./${pages}/${page}`,
        from: `./${pages}`,
        except: [`./${page}`],
        message: 'A page never imports another page: what pages share is a feature (src/features/).',
      }));
  });
}

/**
 * The API server takes only the contract (@agri/api-client/contract: schemas, messages, the reader, `z`),
 * never the browser client (the session store, data areas, axios). The contract test, which runs the
 * browser client against the server, is the one exception.
 */
const apiTakesOnlyTheContract = {
  target: './apps/api',
  from: './packages/api-client/src',
  except: ['./contract'],
  message: 'The API imports @agri/api-client/contract only: the rest of the package is the browser client.',
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', 'deploy/**', '**/node_modules/**', '.tooling/**', 'test-results/**', 'playwright-report/**', '**/data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An interface that extends one type is how an owner adds its names to another module's (IslandNames).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'], conditionNames: ['import', 'default'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...pagesApart(), apiTakesOnlyTheContract] }],
    },
  },
  {
    // A test may render two pages of one journey (a payment's row, then its order).
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, apiTakesOnlyTheContract] }] },
  },
  {
    files: ['apps/api/src/contract.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // Type-aware: a promise nobody awaits or handles fails silently (issue 60, part 4). node:test's describe and it
    // return promises the runner awaits; a JSX event handler may be async (React ignores what it returns, and the
    // forms' submit handles its own failure).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Every function reads top-down in 80 lines at most, React components included: a longer one is split into
    // named steps (the API's routes: issue 24; the tools and the packages: issue 38; the island loader, carried
    // inline by every page, and the apps' components: issue 60).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'tooling/**/*.mjs'],
    ignores: ['**/*.test.{ts,tsx,mjs}', 'packages/**/__tests__/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // Every module of the API is at most 250 lines, comments and blank lines counted (as `wc -l` counts them): a longer
    // one is split along a seam, one concern a module, named in the business's words (issue 60). The tests may run
    // longer (one route's cases read together), and so may the two lists of data: the migrations (each shipped one kept
    // as it is, the next one added) and the seed's records.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/db/migrations.ts', 'apps/api/src/db/seed-data.ts'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['apps/api/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Only the API contract talks HTTP; an app's package name never appears in another app or a package.
    files: [...apps.map(({ name }) => `apps/${name}/**`), 'packages/**'],
    ignores: ['packages/api-client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Use the typed calls of @agri/api-client.' },
            { name: 'zod', message: 'Use `z` from @agri/api-client: one copy of zod, inside the contract.' },
            { name: 'react-router', message: 'Use @agri/ui/router: the one door to React Router, shared small.' },
            { name: 'react-router-dom', message: 'Use @agri/ui/router: the one door to React Router, shared small.' },
            { name: 'react-toastify', message: 'Use `toast` and `ToastArea` from @agri/ui: react-toastify loads with the first toast.' },
            { name: 'react-hook-form', message: 'Use `useSiteForm` (and its field helpers) from @agri/ui/forms: one way to make a form.' },
            { name: '@hookform/resolvers/zod', message: "Use `useSiteForm` from @agri/ui/forms: it checks a form with the contract's schema." },
            { name: 'moment', message: 'Use @agri/ui/dates: the one door to moment, in East Africa Time.' },
            { name: 'dompurify', message: "Use `SafeHtml` from @agri/ui/rich-text: server HTML is shown only through the contract's policy." },
          ],
          patterns: [
            { group: appNames.map((name) => `@agri/${name}`), message: 'Apps never import another app.' },
            { group: ['zod/*'], message: 'Use `z` from @agri/api-client: one copy of zod, inside the contract.' },
            {
              group: ['@agri/api-client/contract'],
              message: 'Apps take the contract from @agri/api-client, the shared entry that re-exports it: one copy of the schemas in the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // Module Federation's runtime plugins, and what they import, run before the shared packages are: a value
    // from one of them there stops the shell at start ("h[e] is not a function"); types are erased. The islands
    // protocol is constants, never shared (each build has its own copy), so it may be imported.
    files: ['apps/shell/src/federation/*-plugin.ts', 'apps/shell/src/reports/browser-reports.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^@agri/(?!ui/island-protocol$)', allowTypeImports: true, message: 'Runs before the shared packages: import types only.' }],
        },
      ],
    },
  },
  {
    // The doors themselves (router, toasts, forms, dates, rich text), and tests that stand in for the shell's router.
    files: [
      'packages/ui/src/router.ts',
      'packages/ui/src/format/dates.ts',
      'packages/ui/src/components/rich-text-sanitiser.ts',
      'packages/ui/src/toasts/**',
      'packages/ui/src/forms.ts',
      'packages/ui/src/forms/**',
      'packages/ui/src/testing/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tooling/test-runners/jest/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
