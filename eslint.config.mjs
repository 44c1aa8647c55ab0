import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const appNames = ['shell', 'catalog', 'content', 'account', 'api'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.tooling/**', 'test-results/**', 'playwright-report/**', '**/data/**'],
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
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['apps/api/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // An app never reaches into another app, and only the API contract talks HTTP.
    files: ['apps/shell/**', 'apps/catalog/**', 'apps/content/**', 'apps/account/**', 'packages/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'axios', message: 'Use the typed calls of @agri/api-client.' }],
          patterns: [
            { group: appNames.map((name) => `**/apps/${name}/**`), message: 'Apps never import another app.' },
            { group: appNames.map((name) => `@agri/${name}`), message: 'Apps never import another app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tooling/jest/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
