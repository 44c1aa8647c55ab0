// The test harness's site: the reference API in test mode on a fresh temporary database, and the apps.
//
//   node e2e/support/serve-site.mjs                    the BUILT apps, each from its own dist/ on the e2e
//                                                      ports (Playwright's webServer for the suites)
//   node e2e/support/serve-site.mjs --channel staging  a channel from deploy/ (npm run serve:qa), for QA to
//                                                      run the journeys against a composition
//
// Test mode is what the journeys need from the API: GET /api/test/outbox reads the codes and links it
// mailed (TEST_MAIL_OUTBOX), and the rate limits are high enough for a suite. Never in production.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serveChannel } from '../../tooling/delivery/serve-channel.mjs';
import { rootDir } from '../../tooling/pnpm.mjs';
import { apps } from '../../tooling/sites.mjs';
import { securityHeaders } from '../../tooling/security-headers.mjs';
import { localApiSettings } from '../../tooling/site-config.mjs';
import { serveStatic } from '../../tooling/static-server.mjs';
import { ports, siteConfig, urlOf } from './site-ports.mjs';

const { values: options } = parseArgs({ options: { channel: { type: 'string' } } });

const dataDir = mkdtempSync(join(tmpdir(), 'agri-e2e-db-'));
const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(rootDir, 'apps/api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    TEST_MAIL_OUTBOX: 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(ports.api),
    DATA_DIR: dataDir,
    SITE_URL: urlOf('shell'),
    ALLOWED_ORIGINS: ['shell', 'catalog', 'content', 'account', 'channel'].map(urlOf).join(','),
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_LOGIN_ACCOUNT: '1000',
    RATE_LIMIT_OTP: '1000',
    RATE_LIMIT_MAILS: '1000',
  },
});

if (options.channel) {
  await serveChannel({ channel: options.channel, port: ports.shell, api: localApiSettings(urlOf('api')) });
  console.log(`Channel ${options.channel} with a test-mode API: ${urlOf('shell')}/ (API ${urlOf('api')}/api/)`);
} else {
  const headers = securityHeaders(siteConfig);
  for (const app of apps) {
    const files = app.name === 'shell' ? { '/config.json': JSON.stringify(siteConfig) } : {};
    await serveStatic({ dir: join(app.dir, 'dist'), port: ports[app.name], files, headers });
  }
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
