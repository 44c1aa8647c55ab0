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

/**
 * Runs `command` with `args`; resolves when it exits 0. Its output goes to `output` (a held step's buffer, or
 * the terminal).
 */
export function runCommand(output, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => output.write(chunk.toString()));
    child.stderr.on('data', (chunk) => output.write(chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`))));
  });
}

const terminal = { write: (text) => process.stdout.write(text) };

async function runOne(step, { held }) {
  let text = '';
  const output = held ? { write: (chunk) => (text += chunk) } : terminal;
  if (held) console.log(`--- ${step.name}: started`);
  else console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  let error = null;
  try {
    await step.run(output);
  } catch (failure) {
    error = failure;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (held) process.stdout.write(`\n=== ${step.name} (${seconds} s) ===\n${text}`);
  if (error) console.error(`${step.name} failed: ${error.message}`);
  return { step, seconds, ok: !error };
}

/**
 * Runs the steps, `lanes` at a time in the order given; a step marked `alone` waits for the others and runs by
 * itself. Resolves with each step's outcome, in the order given.
 * @param {Step[]} steps
 */
export async function runSteps(steps, { lanes = 2 } = {}) {
  const outcomes = new Map();
  const queue = [...steps];
  while (queue.length) {
    if (queue[0].alone) {
      const step = queue.shift();
      outcomes.set(step, await runOne(step, { held: false }));
      continue;
    }
    const batch = [];
    while (queue.length && !queue[0].alone) batch.push(queue.shift());
    await Promise.all(
      Array.from({ length: Math.min(lanes, batch.length) }, async () => {
        for (let step = batch.shift(); step; step = batch.shift()) outcomes.set(step, await runOne(step, { held: true }));
      }),
    );
  }
  return steps.map((step) => outcomes.get(step));
}

/** Prints the summary; returns the process's exit code. */
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
