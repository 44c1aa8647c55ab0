// @ts-check
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { median } from './median.mjs';

describe('the median of the benchmarks', () => {
  it('is the middle of the figures measured, the mean of the two middle ones for an even count', () => {
    assert.equal(median([300, undefined, 100, 200]), 200);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    // Numbers as numbers: 900 ms is less than 1,000.
    assert.equal(median([1000, 900, 200]), 900);
  });

  it('is NaN when nothing was measured', () => {
    assert.ok(Number.isNaN(median([])));
    assert.ok(Number.isNaN(median([undefined, null, NaN])));
  });
});
