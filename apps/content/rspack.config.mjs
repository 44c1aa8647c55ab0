import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineApp } from '../../tooling/rspack-app.mjs';

export default defineApp({
  name: 'content',
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3002,
  exposes: {
    './routes': './src/routes.ts',
  },
});
