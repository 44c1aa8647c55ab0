// @ts-check
// What bench:first-tap makes of a tap's event entries, on fixed figures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dialogPaintedAfter, interactionLatency } from './first-tap-visit.mjs';

describe('bench:first-tap', () => {
  it("takes the longest of the tap's entries, as INP counts one interaction, and leaves out events that are no interaction", () => {
    const entries = [
      { name: 'pointerover', interactionId: 0, startTime: 900, duration: 400 }, // not a tap: not counted
      { name: 'pointerdown', interactionId: 7, startTime: 1000, duration: 96 },
      { name: 'pointerup', interactionId: 7, startTime: 1060, duration: 24 },
      { name: 'click', interactionId: 7, startTime: 1064, duration: 120 },
    ];
    assert.equal(interactionLatency(entries), 120);
  });

  it('has no figure when no entry of an interaction was recorded (each under 16 ms, or none)', () => {
    assert.equal(interactionLatency([{ name: 'pointermove', interactionId: 0, startTime: 10, duration: 40 }]), null);
    assert.equal(interactionLatency([]), null);
  });

  // The finger down at 1000; the frames after the entries' handlers at 1096 and 1184.
  const tap = [
    { name: 'pointerover', interactionId: 0, startTime: 990, duration: 400 },
    { name: 'pointerdown', interactionId: 7, startTime: 1000, duration: 96 },
    { name: 'pointerup', interactionId: 7, startTime: 1160, duration: 24 },
    { name: 'click', interactionId: 7, startTime: 1164, duration: 20 },
  ];

  it('times the dialog to the first frame of the tap drawn after it opened, from the finger down', () => {
    assert.equal(dialogPaintedAfter(tap, 1170), 184, 'opened by the click: in the frame its entry ends on');
    assert.equal(dialogPaintedAfter(tap, 1050), 96, 'opened at the finger down: in the first frame');
  });

  it('has no figure when the tap opened no dialog, opened it after its last frame, or nothing was recorded', () => {
    assert.equal(dialogPaintedAfter(tap, null), null);
    assert.equal(dialogPaintedAfter(tap, 4200), null, 'its code came later: the test driver times it');
    assert.equal(dialogPaintedAfter(tap, 995), null, 'opened before this tap');
    assert.equal(dialogPaintedAfter([], 1170), null);
  });
});
