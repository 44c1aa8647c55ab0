// Where each app is served on this machine: one table for start, dev and the e2e suites.
import { join } from 'node:path';
import { rootDir } from './pnpm.mjs';

export const apps = [
  { name: 'shell', port: 3000, dir: join(rootDir, 'apps/shell') },
  { name: 'catalog', port: 3001, dir: join(rootDir, 'apps/catalog') },
  { name: 'content', port: 3002, dir: join(rootDir, 'apps/content') },
  { name: 'account', port: 3003, dir: join(rootDir, 'apps/account') },
  { name: 'backoffice', port: 3004, dir: join(rootDir, 'apps/backoffice') },
];

export const apiPort = 4000;
