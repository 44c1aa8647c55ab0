// Unit and component tests of every browser app and package (the API server
// has its own runner: see apps/api). One config, one run, one summary.
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
  roots: ['<rootDir>/apps/shell', '<rootDir>/apps/catalog', '<rootDir>/apps/content', '<rootDir>/apps/account', '<rootDir>/apps/backoffice', '<rootDir>/packages'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFilesAfterEnv: ['<rootDir>/tooling/jest/setup.ts'],
  transform: {
    '^.+\\.(t|j|mj|cj)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
    '\\.(png|jpe?g|gif|svg|webp|avif)$': '<rootDir>/tooling/jest/file-stub.mjs',
  },
  // pnpm keeps packages under .pnpm/<scope>+<name>@<version>/node_modules/...
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmOnlyDependencies}))`],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/tooling/jest/style-stub.cjs',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};
