// @ts-check
// What bench:phone makes of its measures, on fixed figures: the medians of the visits and the table with the
// ratios composed / monolith and the targets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missedTargets, phoneTable, visitMedians } from './phone-table.mjs';

/**
 * @param {number} contentMs
 * @param {number} readyMs
 * @param {number} transferredKb
 */
const visit = (contentMs, readyMs, transferredKb) => ({ contentMs, readyMs, transferredKb });

describe('bench:phone', () => {
  it('takes the median of each figure over the visits that finished', () => {
    assert.deepEqual(visitMedians([visit(900, 3900, 150), null, visit(1100, 3500, 149), visit(1000, 4200, 151)]), visit(1000, 3900, 150));
    assert.deepEqual(visitMedians([null]), visit(NaN, NaN, NaN));
    // A paint that went unrecorded in one visit: the others' median (of two, their mean), not an order NaN left to chance.
    assert.deepEqual(visitMedians([visit(NaN, 2400, 19), visit(1900, 1900, 19), visit(2300, 2200, 18)]), visit(2100, 2200, 19));
  });

  it('names every target a composed route misses, and none when it meets them', () => {
    const monolith = { first: visit(800, 3000, 120), second: visit(700, 900, 5) };
    assert.deepEqual(missedTargets({ first: visit(800, 3300, 140), second: visit(700, 1000, 8) }, monolith), []);
    assert.deepEqual(missedTargets({ first: visit(800, 4500, 160), second: visit(700, 1600, 12.5) }, monolith), [
      'ready after 4.50 s (target 4 s)',
      "×1.50 the monolith's ready time (target ×1.10)",
      'second visit 12.5 KB (target 10 KB)',
      'second visit ready after 1.60 s (target 1.5 s)',
    ]);
    // A visit that never finished misses its targets.
    assert.equal(missedTargets({ first: visit(NaN, NaN, NaN), second: visit(700, 1000, 8) }, monolith).length, 2);
  });

  it('prints both builds of each route side by side, the ratios of the ready times, and what was missed', () => {
    const table = phoneTable({
      routes: ['/'],
      results: [
        { route: '/', site: 'composed', first: visit(950, 3600, 180.25), second: visit(800, 1200, 6.4) },
        { route: '/', site: 'monolith', first: visit(900, 3000, 140), second: visit(780, 1000, 4) },
      ],
      runs: 3,
      date: '2026-11-25',
      link: '400 kbps, 400 ms',
    });
    assert.equal(
      table,
      [
        '400 kbps, 400 ms; median of 3 (2026-11-25):',
        '',
        '| route | build | content, first visit (s) | ready, first / second visit (s) | transferred, first / second visit (KB) |',
        '|---|---|---|---|---|',
        '| / | composed | 0.95 | 3.60 / 1.20 | 180.3 / 6.4 |',
        '| / | monolith | 0.90 | 3.00 / 1.00 | 140.0 / 4.0 |',
        '| / | composed / monolith | | ×1.20 / ×1.20 | |',
        '',
        "Targets missed: /: ×1.20 the monolith's ready time (target ×1.10).",
      ].join('\n'),
    );
  });
});
