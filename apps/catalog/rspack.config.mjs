import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineApp } from '../../tooling/rspack-app.mjs';

export default defineApp({
  name: 'catalog',
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3001,
  exposes: {
    './routes': './src/routes.ts',
    './upcoming-events': './src/fragments/upcoming-events.tsx',
  },
});
