// Unit and component tests of every browser app and package (the API server
// has its own runner: see apps/api). One config, one run, one summary.
import { apps } from './tooling/build/apps.mjs';

const esmOnlyDependencies = [
  'msw',
  '@mswjs',
  '@bundled-es-modules',
  'rettime',
  'until-async',
  '@open-draft',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'is-node-process',
  'statuses',
].join('|');

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jest-fixed-jsdom',
  roots: [...apps.map(({ name }) => `<rootDir>/apps/${name}`), '<rootDir>/packages'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // Above the waits of tooling/test-runners/jest/setup.ts, so a wait that fails says what it waited for.
  testTimeout: 20_000,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFilesAfterEnv: ['<rootDir>/tooling/test-runners/jest/setup.ts'],
  transform: {
    '^.+\\.(t|j|mj|cj)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
    '\\.(png|jpe?g|gif|svg|webp|avif)$': '<rootDir>/tooling/test-runners/jest/file-stub.mjs',
  },
  // pnpm keeps packages under .pnpm/<scope>+<name>@<version>/node_modules/...
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmOnlyDependencies}))`],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/tooling/test-runners/jest/style-stub.cjs',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};
