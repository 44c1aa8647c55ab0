import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineApp } from '../../tooling/rspack-app.mjs';

export default defineApp({
  name: 'backoffice',
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3004,
  exposes: {
    './routes': './src/routes.ts',
  },
});
