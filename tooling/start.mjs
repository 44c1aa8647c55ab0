// `npm start`: installs what is missing, builds every app for production, starts
// the reference API and serves the composed site with each remote on its own port.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { ensurePnpm, installDependencies, rootDir } from './pnpm.mjs';
import { apiPort, apps } from './sites.mjs';
import { securityHeaders } from './security-headers.mjs';
import { serveStatic } from './static-server.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);
if (!process.argv.includes('--no-build')) await buildAll(pnpm);

const children = [];
if (existsSync(join(rootDir, 'apps/api/src/main.ts'))) {
  const api = spawn(pnpm, ['--filter', '@agri/api', 'start'], {
    cwd: rootDir,
    stdio: 'inherit',
    // The default run is production: no test outbox, mail printed here unless SMTP_URL is set, and a
    // JWT secret generated into the API's data directory on first start (unless JWT_SECRET is given).
    env: {
      JWT_SECRET_FILE: join(process.env.DATA_DIR ?? join(rootDir, 'apps/api/data'), 'jwt-secret'),
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
    },
  });
  children.push(api);
  api.on('exit', (code) => {
    if (code) console.error(`The API stopped with exit code ${code}.`);
  });
}

// Every origin sends the headers derived from the config.json the shell serves.
const shellDist = join(apps.find((app) => app.name === 'shell').dir, 'dist');
const headers = securityHeaders(JSON.parse(readFileSync(join(shellDist, 'config.json'), 'utf8')));
for (const app of apps) {
  await serveStatic({ dir: join(app.dir, 'dist'), port: app.port, headers });
}

console.log('\nThe site is up:');
for (const app of apps) {
  const label = app.name === 'shell' ? 'site (shell)' : `${app.name} remote`;
  const path = app.name === 'shell' ? '' : 'mf-manifest.json';
  console.log(`  ${label.padEnd(16)} http://localhost:${app.port}/${path}`);
}
console.log(`  ${'API'.padEnd(16)} http://localhost:${apiPort}/api/`);
console.log('Press Ctrl+C to stop.');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
