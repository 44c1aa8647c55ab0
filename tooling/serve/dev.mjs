// @ts-check
// `npm run dev`: the API and every app's dev server, with live reload.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensurePnpm, installDependencies, rootDir } from '../machine/pnpm.mjs';
import { apiPort, apps } from '../build/apps.mjs';
import { apiDataDir } from './api-process.mjs';
import { startDarajaSimulatorFor } from './daraja-simulator.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

// M-Pesa as in `npm start`: the kit's Daraja simulator unless MPESA_BASE_URL names one.
const daraja = await startDarajaSimulatorFor({ apiOrigin: `http://localhost:${apiPort}` });
const child = spawn(pnpm, ['--filter', './apps/*', '--parallel', 'run', 'dev'], {
  cwd: rootDir,
  stdio: 'inherit',
  // As in `npm start`, the API keeps a generated secret in its data directory; mail is printed here.
  env: {
    JWT_SECRET_FILE: join(apiDataDir(), 'jwt-secret'),
    ...daraja.settings,
    ...process.env,
    PORT: String(apiPort),
  },
});
console.log('Dev servers starting (the first page load compiles and can take a few seconds):');
for (const app of apps) console.log(`  ${app.name.padEnd(8)} http://localhost:${app.port}/`);
console.log(`  api      http://localhost:${apiPort}/api/`);
child.on('exit', (code) => {
  daraja.child?.kill('SIGTERM');
  process.exit(code ?? 0);
});
