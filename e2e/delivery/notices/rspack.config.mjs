// @ts-check
import { defineApp } from '../../../tooling/build/rspack-app.mjs';

export default defineApp({
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.ts' },
});
