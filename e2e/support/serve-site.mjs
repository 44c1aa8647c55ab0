// Started by Playwright (webServer): the reference API on a fresh temporary
// database, and the BUILT apps, each from its own dist/, on the e2e ports.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootDir } from '../../tooling/pnpm.mjs';
import { apps } from '../../tooling/sites.mjs';
import { securityHeaders } from '../../tooling/security-headers.mjs';
import { serveStatic } from '../../tooling/static-server.mjs';
import { ports, siteConfig, urlOf } from './site-ports.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'agri-e2e-db-'));
const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(rootDir, 'apps/api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // The journeys read mailed codes and links through the test-mode outbox (GET /api/test/outbox).
    TEST_MAIL_OUTBOX: 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(ports.api),
    DATA_DIR: dataDir,
    SITE_URL: urlOf('shell'),
    ALLOWED_ORIGINS: ['shell', 'catalog', 'content', 'account'].map(urlOf).join(','),
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_LOGIN_ACCOUNT: '1000',
    RATE_LIMIT_OTP: '1000',
    RATE_LIMIT_MAILS: '1000',
  },
});

const headers = securityHeaders(siteConfig);
for (const app of apps) {
  const files = app.name === 'shell' ? { '/config.json': JSON.stringify(siteConfig) } : {};
  await serveStatic({ dir: join(app.dir, 'dist'), port: ports[app.name], files, headers });
}

const stop = () => {
  api.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) console.error(`[e2e] the API exited with code ${code}`);
});
