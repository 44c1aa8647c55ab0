// @ts-check
// The deploy folder's two primitives (issue 60): the lock that lets one release or promotion at a time change
// a channel or an app, and the whole-file write that no reader ever sees half done, tried with real processes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readJson, withLock, writeJsonAtomic } from './store.mjs';

const dir = mkdtempSync(join(tmpdir(), 'agri-store-'));
const children = new Set();
// A child left running by a failed test (a writer in a loop ignores SIGTERM while it writes) would load the machine for ever.
after(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});
const store = new URL('./store.mjs', import.meta.url).href;

/**
 * Another node process running `code` (an ES module that may import the store as `store`).
 *
 * @param {string} code
 */
function node(code) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', `import * as store from ${JSON.stringify(store)};\n${code}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null, output: string }>} */
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
  return { child, done };
}

test('two processes that take one lock work one after the other, never at once', async () => {
  const lock = join(dir, 'channel.lock');
  const log = join(dir, 'log');
  writeFileSync(log, '');
  /** @param {string} name */
  const work = (name) =>
    node(`import { appendFileSync } from 'node:fs';
      const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      for (let round = 0; round < 3; round += 1) {
        store.withLock(${JSON.stringify(lock)}, () => {
          appendFileSync(${JSON.stringify(log)}, '${name} in\\n');
          pause(150);
          appendFileSync(${JSON.stringify(log)}, '${name} out\\n');
        });
      }`).done;
  const results = await Promise.all([work('a'), work('b')]);
  for (const result of results) assert.equal(result.code, 0, result.output);
  const lines = readFileSync(log, 'utf8').trim().split('\n');
  assert.equal(lines.length, 12);
  for (let index = 0; index < lines.length; index += 2) {
    const [who, what] = lines[index].split(' ');
    assert.deepEqual([what, lines[index + 1]], ['in', `${who} out`], `interleaved: ${lines.join(', ')}`);
  }
});

test('a lock left by a process that was killed is taken over once it is stale, on any host (by its age, not a PID)', async () => {
  const lock = join(dir, 'killed.lock');
  const holder = node(
    `store.withLock(${JSON.stringify(lock)}, () => { console.log('held'); setInterval(() => {}, 1000); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); });`,
  );
  await new Promise((resolve) => holder.child.stdout.once('data', resolve));
  holder.child.kill('SIGKILL');
  await holder.done;
  // Fresh: another process waits for it, and is refused past its wait.
  assert.throws(() => withLock(lock, () => 'never', { waitMs: 300 }), /is held by another release or promotion/);
  // Untouched for longer than the stale age (as when its process died on another host): taken over.
  const old = new Date(Date.now() - 11 * 60 * 1000);
  utimesSync(lock, old, old);
  assert.equal(
    withLock(lock, () => 'done'),
    'done',
  );
});

test('a file rewritten again and again is never read half-written, and a writer killed half-way leaves it whole', async () => {
  const file = join(dir, 'channel.json');
  writeJsonAtomic(file, { round: -1 });
  const writer = node(`const pages = 'x'.repeat(4 * 1024 * 1024);
    console.log('writing');
    for (let round = 0; ; round += 1) store.writeJsonAtomic(${JSON.stringify(file)}, { round, pages });`);
  await new Promise((resolve) => writer.child.stdout.once('data', resolve));
  // Read as a server reads the channel's file while a promotion rewrites it; then the promotion dies mid-way.
  const until = Date.now() + 1500;
  const half = [];
  while (Date.now() < until) {
    const text = readFileSync(file, 'utf8');
    if (!text.endsWith('}\n')) half.push(text.length);
    await new Promise((resolve) => setImmediate(resolve));
  }
  writer.child.kill('SIGKILL');
  await writer.done;
  assert.deepEqual(half, [], 'reads that found half a file (their lengths)');
  const kept = /** @type {{ round: number, pages: string }} */ (readJson(file));
  assert.ok(kept.round >= 0, 'the writer wrote');
  assert.equal(kept.pages.length, 4 * 1024 * 1024);
});
