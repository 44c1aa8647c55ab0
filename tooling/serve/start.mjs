// @ts-check
// `npm start`: installs what is missing, starts the reference API and serves the `production` channel
// from deploy/ (and every other channel on a port of its own). When production has nothing live yet, it
// first releases and promotes every app, so a fresh clone comes up with one command. Production's public
// pages are then prerendered with the API's data, while the site is already served.
//
// Only Node's own modules and the installer are imported before the install: anything that needs a package
// is imported after it (a static import is resolved before a line of this file runs).
import { join } from 'node:path';
import { ensurePnpm, installDependencies } from '../machine/pnpm.mjs';
import { apiDataDir, hasReferenceApi, spawnApi } from './api-process.mjs';

const pnpm = ensurePnpm();
installDependencies(pnpm);

const { promote, refreshChannel } = await import('../delivery/channels.mjs');
const { prerenderChannel, withdrawGonePages } = await import('../delivery/prerender-channel.mjs');
const { release } = await import('../delivery/release.mjs');
const { describeChannel, serveChannels } = await import('../delivery/serve-channel.mjs');
const { listChannels, listReleases, liveVersions, PRODUCTION, readChannel } = await import('../delivery/store.mjs');
const { watchCanaries } = await import('../delivery/canary-watch.mjs');
const { ensureReportsTokenFile, reportsTokenFile } = await import('../delivery/report-grant.mjs');
const { ensureChromium } = await import('../machine/chromium.mjs');
const { startDarajaSimulatorFor } = await import('./daraja-simulator.mjs');
const { waitForApi } = await import('../prerender/prerender.mjs');
const { intervalFromEnv, keepPagesFresh } = await import('../prerender/fresh-pages.mjs');
const { apiPort, apps } = await import('../build/apps.mjs');

const PRODUCTION_PORT = 3000;

// The API reads the reports read token from this file; the channels' configs sign their report grants with it.
ensureReportsTokenFile();
for (const channel of listChannels()) refreshChannel(channel);

// The shell first (it provides the shared libraries), then catalog before content, which uses its fragment.
const live = liveVersions(readChannel(PRODUCTION));
for (const { name } of apps) {
  if (live[name]) continue;
  const version = listReleases(name).at(-1)?.version ?? release(name).version;
  promote(name, version, PRODUCTION);
  console.log(`First release of ${name} on ${PRODUCTION}: ${version}`);
}

// production on 3000, then 3100, 3200… for the other channels (staging…).
const channels = listChannels().map((channel, index) => ({ channel, port: channel === PRODUCTION ? PRODUCTION_PORT : 3000 + 100 * (index || 1) }));
const origins = channels.map(({ port }) => `http://localhost:${port}`);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
// Stops the children (API, simulator) with this process. Set before anything else listens: the first prerender's
// browser (Playwright) installs handlers of its own, and a SIGTERM that came meanwhile (a container stopping) ended
// this process through them and left the API running, orphaned.
/** @type {(exitCode?: number) => never} */
const stop = (exitCode = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(exitCode);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
if (hasReferenceApi()) {
  // M-Pesa: the Daraja that MPESA_BASE_URL names, else the kit's simulator (no money moves; docs/payments.md).
  const daraja = await startDarajaSimulatorFor({ apiOrigin: `http://localhost:${apiPort}` });
  if (daraja.child) children.push(daraja.child);
  const api = spawnApi(
    // The default run is production: no test outbox, mail printed here unless SMTP_URL is set (a production API
    // refuses to start without SMTP_URL unless MAIL_TO_TERMINAL=on says so, as here), and a JWT secret generated
    // into the API's data directory on first start (unless JWT_SECRET is given).
    // This terminal is a person's: warnings and errors, not a JSON line per request (LOG_LEVEL=info for those).
    {
      JWT_SECRET_FILE: join(apiDataDir(), 'jwt-secret'),
      // The token the canary watcher and npm run releases -- --health read the reports' summary with.
      REPORTS_READ_TOKEN_FILE: reportsTokenFile(),
      ALLOWED_ORIGINS: origins.join(','),
      LOG_LEVEL: 'warn',
      MAIL_TO_TERMINAL: 'on',
      ...daraja.settings,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
    },
  );
  children.push(api);
  api.on('exit', (code) => {
    if (code) console.error(`The API stopped with exit code ${code}.`);
  });
}

let served;
try {
  served = await serveChannels(channels, { log: (/** @type {string} */ line) => console.log(line) });
} catch (error) {
  console.error(`\nnpm start stopped: ${error instanceof Error ? error.message : error}.`);
  stop(1);
}
console.log('\nThe site is up:');
for (const { channel, port } of served) {
  console.log(`  ${channel.padEnd(12)} http://localhost:${port}/`);
  for (const line of describeChannel(channel)) console.log(`      ${line}`);
}
console.log(`  ${'API'.padEnd(12)} http://localhost:${apiPort}/api/`);
if (!process.env.MPESA_BASE_URL) {
  console.log("M-Pesa: no MPESA_BASE_URL is set, so payments go to the kit's Daraja simulator: no money moves (docs/payments.md).");
}
if (!process.env.SMTP_URL) {
  console.log('Mail: no SMTP_URL is set, so codes and reset links are printed in this terminal (MAIL_TO_TERMINAL=on).');
}
console.log('Ship a change: npm run release -- <app>, then npm run promote -- <app>@<version> --to <channel> [--canary 10].');
// Canaries are rolled back by themselves when the reports show them worse (docs/releasing.md).
watchCanaries(
  channels.map(({ channel }) => channel),
  { log: (line) => console.log(`[canary] ${line}`) },
);
console.log('Press Ctrl+C to stop.');

// The data may have changed since the pages were made (another database, a new course): the pages whose
// data changed are made again now, and then whenever it changes, checked every PRERENDER_INTERVAL seconds.
/** @param {string} channel */
const refreshPages = async (channel) => {
  const { written, failed, removed, unchanged } = await prerenderChannel(channel, { changedOnly: true });
  if (unchanged) return;
  const not = failed.length ? `; not: ${failed.map(({ path }) => path).join(', ')}` : '';
  console.log(`${channel}: ${written.length} public pages prerendered${removed.length ? `, ${removed.length} removed` : ''}${not}.`);
};
try {
  ensureChromium();
  await waitForApi(`http://localhost:${apiPort}`);
  await refreshPages(PRODUCTION);
  const intervalMs = intervalFromEnv();
  keepPagesFresh(
    async () => {
      for (const { channel } of served) await refreshPages(channel);
    },
    {
      intervalMs,
      // A run takes minutes: a deleted or unpublished course's page goes meanwhile, not at its end.
      duringRun: async () => {
        for (const { channel } of served) {
          const gone = await withdrawGonePages(channel);
          if (gone.length) console.log(`${channel}: ${gone.join(', ')} taken off (deleted or unpublished).`);
        }
      },
    },
  );
  console.log(`Prerendered pages are made again when the API's data changes (checked every ${intervalMs / 1000} s).`);
} catch (error) {
  console.warn(
    `\n${PRODUCTION}: pages not prerendered (${String(error instanceof Error ? error.message : error).split('\n')[0]}); they are rendered in the browser.`,
  );
}
