import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineApp } from '../../tooling/rspack-app.mjs';

const dir = dirname(fileURLToPath(import.meta.url));

export default defineApp({
  name: 'shell',
  dir,
  port: 3000,
  runtimePlugins: [join(dir, 'src/federation/bounded-loading-plugin.ts'), join(dir, 'src/federation/compatibility-plugin.ts'), join(dir, 'src/federation/reporting-plugin.ts')],
});
