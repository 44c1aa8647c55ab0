// @ts-check
// `npm run bench:report-flood`: how much a flood of browser reports from ever new addresses slows the site's reads
// (issue 39). Starts the API in production mode on PGlite, probes GET /api/course every 20 ms, idle and during a
// 20 s flood of 20-report batches from 32 clients, each batch from a new forwarded address, and prints the p95 of
// both. `--started`: each batch with a session the API started (a flood that knows the protocol); `--rate N`: N
// batches a second in all (else as fast as the clients go); `--same-priority`: the flood at the server's priority
// (by default it runs at nice 19, as an attacker's processor is not the server's: the probe then measures the API).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnApi } from '../serve/api-process.mjs';

const CLIENTS = 32;
const FLOOD_SECONDS = 20;
const { values } = parseArgs({
  options: {
    started: { type: 'boolean', default: false },
    rate: { type: 'string', default: '0' },
    'same-priority': { type: 'boolean', default: false },
    flood: { type: 'string' },
    port: { type: 'string', default: '4790' },
  },
});

const releases = { shell: 's1', catalog: 'next' };
const randomAddress = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;
/**
 * @param {string} url
 * @param {string} address  the forwarded address the batch comes from
 * @param {unknown} body
 */
const post = (url, address, body) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': address }, body: JSON.stringify(body) });

/**
 * The flooding process: CLIENTS loops until the time is up; prints how many batches went.
 * @param {string} base  the API's origin
 */
async function flood(base) {
  const pauseMs = Number(values.rate) ? (CLIENTS * 1000) / Number(values.rate) : 0;
  const end = Date.now() + FLOOD_SECONDS * 1000;
  let sent = 0;
  /** @param {string} address */
  const session = async (address) => {
    if (!values.started) return `forged${Math.random().toString(36).slice(2, 12)}`;
    const answer = await post(`${base}/api/reports/session`, address, { channel: 'production', releases });
    return answer.ok ? /** @type {{ session: string }} */ (await answer.json()).session : 'refused';
  };
  const client = async () => {
    while (Date.now() < end) {
      const began = performance.now();
      const address = randomAddress();
      try {
        const id = await session(address);
        const reports = Array.from({ length: 20 }, () => ({
          kind: 'error',
          session: id,
          channel: 'production',
          releases,
          path: '/courses',
          source: 'catalog',
          message: 'x',
        }));
        await (await post(`${base}/api/reports`, address, { reports })).arrayBuffer();
        sent += 1;
      } catch {
        // A refused connection is part of a flood.
      }
      const left = pauseMs - (performance.now() - began);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  console.log(JSON.stringify({ batchesSent: sent }));
}

/** @param {number[]} times */
const p95 = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];

async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'agri-report-flood-'));
  const api = spawnApi({
    ...process.env,
    NODE_ENV: 'production',
    MAIL_TO_TERMINAL: 'on',
    JWT_SECRET: 'bench-'.repeat(8),
    DATA_DIR: dataDir,
    TRUSTED_PROXY_HOPS: '1',
    PORT: values.port,
    LOG_LEVEL: 'error',
  });
  const base = `http://127.0.0.1:${values.port}`;
  try {
    for (;;) {
      if (
        await fetch(`${base}/api/health`).then(
          (answer) => answer.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const probe = async () => {
      const started = performance.now();
      await (await fetch(`${base}/api/course`)).arrayBuffer();
      return performance.now() - started;
    };
    for (let n = 0; n < 20; n++) await probe();
    const idle = [];
    for (let n = 0; n < 200; n++) idle.push(await probe());
    const command = values['same-priority'] ? [process.execPath] : ['nice', '-n', '19', process.execPath];
    const flooder = spawn(
      command[0],
      [...command.slice(1), import.meta.filename, '--flood', base, '--rate', values.rate, ...(values.started ? ['--started'] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    flooder.stdout.on('data', (chunk) => (output += chunk));
    const flooded = new Promise((resolve) => flooder.on('exit', resolve));
    const during = [];
    const end = Date.now() + (FLOOD_SECONDS - 1) * 1000;
    while (Date.now() < end) {
      during.push(await probe());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await flooded;
    const figures = {
      idleP95Ms: +p95(idle).toFixed(1),
      floodP95Ms: +p95(during).toFixed(1),
      probes: during.length,
      .../** @type {{ batchesSent?: number }} */ (JSON.parse(output || '{}')),
    };
    console.log(
      JSON.stringify({
        date: new Date().toISOString().slice(0, 10),
        started: values.started,
        rate: Number(values.rate),
        samePriority: values['same-priority'],
        ...figures,
      }),
    );
  } finally {
    api.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.flood) await flood(values.flood);
else await measure();
