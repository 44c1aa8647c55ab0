// @ts-check
// What bench:untouched makes of a visit's long tasks, on fixed figures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockingAfterPaint } from './untouched-visit.mjs';

describe('bench:untouched', () => {
  it('sums the time beyond 50 ms of each long task from the paint on', () => {
    const tasks = [
      { startTime: 100, duration: 400 }, // before the paint: the page was not yet seen
      { startTime: 900, duration: 120 },
      { startTime: 1200, duration: 50 },
      { startTime: 2000, duration: 260 },
    ];
    assert.equal(blockingAfterPaint(tasks, 800), 70 + 0 + 210);
    assert.equal(blockingAfterPaint(tasks, 5000), 0);
    assert.equal(blockingAfterPaint([], 0), 0);
  });
});
