import { join } from 'node:path';
import { defineApp } from '../../tooling/build/rspack-app.mjs';

const dir = import.meta.dirname;

export default defineApp({
  dir,
  serviceWorker: './src/offline/service-worker.ts',
  documentReports: './src/reports/document-reports.ts',
  islandLoader: './src/islands/loader/index.ts',
  runtimePlugins: [
    join(dir, 'src/federation/bounded-loading-plugin.ts'),
    join(dir, 'src/federation/compatibility-plugin.ts'),
    join(dir, 'src/federation/reporting-plugin.ts'),
  ],
});
