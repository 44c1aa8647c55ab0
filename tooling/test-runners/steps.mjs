// @ts-check
// The steps of a test run (`npm test`, `npm run test:quick`): each a command or a function, run in lanes so that
// both cores work (a step's output is held and printed whole when it ends, so steps side by side never mix
// their lines), every step runs whatever the others did, and the summary names what failed with its seconds.
import { spawn } from 'node:child_process';
import { rootDir } from '../machine/pnpm.mjs';

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {(output: { write: (text: string) => void }) => Promise<void>} run   rejects when the step failed
 * @property {boolean} [alone]      runs when no other step runs, its output as it comes (the e2e suites)
 * @property {() => string[]} [trouble]  lines for the summary (which e2e tests failed)
 */
/** @typedef {{ write: (text: string) => void }} Output */
/** @typedef {{ step: Step, seconds: number, ok: boolean }} Outcome */

/**
 * Runs `command` with `args`; resolves when it exits 0. Its output goes to `output` (a held step's buffer, or
 * the terminal).
 *
 * @param {Output} output
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 */
export function runCommand(output, command, args, options = {}) {
  return /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd: rootDir, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (/** @type {Buffer} */ chunk) => output.write(chunk.toString()));
      child.stderr.on('data', (/** @type {Buffer} */ chunk) => output.write(chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`))));
    })
  );
}

/** @type {Output} */
const terminal = { write: (text) => process.stdout.write(text) };

/**
 * @param {Step} step
 * @param {{ held: boolean }} how
 * @returns {Promise<Outcome>}
 */
async function runOne(step, { held }) {
  let text = '';
  /** @type {Output} */
  const output = held ? { write: (chunk) => (text += chunk) } : terminal;
  if (held) console.log(`--- ${step.name}: started`);
  else console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  /** @type {unknown} */
  let error = null;
  try {
    await step.run(output);
  } catch (failure) {
    error = failure;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (held) process.stdout.write(`\n=== ${step.name} (${seconds} s) ===\n${text}`);
  if (error) console.error(`${step.name} failed: ${error instanceof Error ? error.message : error}`);
  return { step, seconds, ok: !error };
}

/**
 * Runs the steps, `lanes` at a time in the order given; a step marked `alone` waits for the others and runs by
 * itself. Resolves with each step's outcome, in the order given.
 *
 * @param {Step[]} steps
 * @returns {Promise<Outcome[]>}
 */
export async function runSteps(steps, { lanes = 2 } = {}) {
  /** @type {Map<Step, Outcome>} */
  const outcomes = new Map();
  const queue = [...steps];
  for (let next = queue[0]; next; next = queue[0]) {
    if (next.alone) {
      queue.shift();
      outcomes.set(next, await runOne(next, { held: false }));
      continue;
    }
    /** @type {Step[]} */
    const batch = [];
    while (queue[0] && !queue[0].alone) batch.push(/** @type {Step} */ (queue.shift()));
    await Promise.all(
      Array.from({ length: Math.min(lanes, batch.length) }, async () => {
        for (let step = batch.shift(); step; step = batch.shift()) outcomes.set(step, await runOne(step, { held: true }));
      }),
    );
  }
  return steps.map((step) => /** @type {Outcome} */ (outcomes.get(step)));
}

/**
 * Prints the summary; returns the process's exit code.
 *
 * @param {Outcome[]} outcomes
 * @param {number} started  when the run started (Date.now())
 */
export function summarize(outcomes, started) {
  console.log('\n=== summary ===');
  for (const { step, seconds, ok } of outcomes) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s)`);
    for (const line of step.trouble?.() ?? []) console.log(`       ${line}`);
  }
  const failed = outcomes.filter(({ ok }) => !ok).length;
  console.log(`steps: ${outcomes.length - failed} passed, ${failed} failed; ${Math.round((Date.now() - started) / 1000)} s in all`);
  return failed ? 1 : 0;
}
