import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Logger } from './log';
import { timedWorker } from './timed-worker';

const recording = () => {
  const warnings: unknown[] = [];
  const log: Logger = { info: () => {}, warn: (message, fields) => warnings.push({ message, ...fields }), error: () => {} };
  return { log, warnings };
};

describe('a timed worker', () => {
  it('runs its work once at a time: a tick while one runs joins it', async () => {
    let runs = 0;
    let finish = () => {};
    const worker = timedWorker(
      () => {
        runs += 1;
        // The first run waits to be let go; later ones are done at once.
        return runs === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
      },
      recording().log,
      'failed',
    );
    const first = worker.tick();
    const second = worker.tick();
    assert.equal(runs, 1);
    finish();
    await Promise.all([first, second]);
    await worker.tick();
    assert.equal(runs, 2);
  });

  it('logs a failure and tries again at the next tick', async () => {
    const { log, warnings } = recording();
    let fail = true;
    let done = 0;
    const worker = timedWorker(
      async () => {
        if (fail) throw new Error('SMTP is down');
        done += 1;
      },
      log,
      'lead notification failed',
    );
    await worker.tick();
    assert.deepEqual(warnings, [{ message: 'lead notification failed', error: 'SMTP is down' }]);
    fail = false;
    await worker.tick();
    assert.equal(done, 1);
  });

  it('ticks on its timer until stopped', async () => {
    let runs = 0;
    const stop = timedWorker(async () => void (runs += 1), recording().log, 'failed').start(5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    stop();
    const seen = runs;
    assert.ok(seen >= 2, `ran ${seen} times`);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(runs, seen);
  });
});
