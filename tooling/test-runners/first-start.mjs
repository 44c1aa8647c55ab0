// @ts-check
// `.ci/run` runs this first, on its clean clone, before anything is installed: `npm start` alone must bring the
// site up on a fresh machine. It waits until / answers with its heading (the prerendered page) and the API lists
// courses, then stops npm start's whole process group and checks that no server is left holding a port.
// Node's own modules only: nothing is installed when it runs.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { rootDir } from '../machine/pnpm.mjs';

const SITE = 'http://localhost:3000/';
const COURSES = 'http://localhost:4000/api/course';
const PORTS = [3000, 4000];
const DEADLINE_MS = Number(process.env.FIRST_START_TIMEOUT_S ?? 900) * 1000;

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function siteIsUp() {
  try {
    const [page, courses] = await Promise.all([fetch(SITE), fetch(COURSES)]);
    if (!page.ok || !courses.ok) return false;
    const list = await courses.json();
    return /<h1[\s>]/.test(await page.text()) && Array.isArray(list) && list.length > 0;
  } catch {
    return false;
  }
}

/** @type {(port: number) => Promise<boolean>} */
const portIsFree = (port) =>
  new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), done(false)));
    socket.once('error', () => done(true));
  });

// Its own process group, so that stopping it stops everything it started (pnpm, the API, the servers).
const start = spawn('npm', ['start'], { cwd: rootDir, stdio: 'inherit', detached: true });
/** How npm start ended, once it has (set by its exit event: an object, so that the checks below read it as it is then). */
const exit = { status: /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */ (null) };
start.on('exit', (code, signal) => (exit.status = { code, signal }));
/** @param {NodeJS.Signals} signal */
const stopGroup = (signal) => {
  try {
    if (start.pid) process.kill(-start.pid, signal);
  } catch {
    // already gone
  }
};
process.on('SIGINT', () => (stopGroup('SIGKILL'), process.exit(130)));

const started = Date.now();
let up = false;
while (!up && exit.status === null && Date.now() - started < DEADLINE_MS) {
  await sleep(2000);
  up = await siteIsUp();
}
stopGroup('SIGTERM');
for (let waited = 0; exit.status === null && waited < 20_000; waited += 250) await sleep(250);
stopGroup('SIGKILL');

const problems = [];
if (!up)
  problems.push(
    exit.status
      ? `npm start stopped (${exit.status.signal ?? `exit code ${exit.status.code}`}) before the site was up`
      : `the site was not up within ${DEADLINE_MS / 1000} s`,
  );
for (const port of PORTS) {
  let free = await portIsFree(port);
  for (let waited = 0; !free && waited < 10_000; waited += 250) {
    await sleep(250);
    free = await portIsFree(port);
  }
  if (!free) problems.push(`port ${port} is still held after npm start was stopped`);
}
if (problems.length) {
  console.error(`\nFirst start on a fresh clone FAILED: ${problems.join('; ')}.`);
  process.exit(1);
}
console.log(`\nFirst start on a fresh clone: / and the API answered after ${Math.round((Date.now() - started) / 1000)} s; stopped cleanly.`);
