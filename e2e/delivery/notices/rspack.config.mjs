import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineApp } from '../../../tooling/rspack-app.mjs';

export default defineApp({
  name: 'notices',
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3009,
  exposes: { './routes': './src/routes.ts' },
});
