// @ts-check
// What bench:first-tap makes of a tap's event entries, on fixed figures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { interactionLatency } from './first-tap-visit.mjs';

describe('bench:first-tap', () => {
  it("takes the longest of the tap's entries, as INP counts one interaction, and leaves out events that are no interaction", () => {
    const entries = [
      { name: 'pointerover', interactionId: 0, duration: 400 }, // not a tap: not counted
      { name: 'pointerdown', interactionId: 7, duration: 96 },
      { name: 'pointerup', interactionId: 7, duration: 24 },
      { name: 'click', interactionId: 7, duration: 120 },
    ];
    assert.equal(interactionLatency(entries), 120);
  });

  it('has no figure when no entry of an interaction was recorded (each under 16 ms, or none)', () => {
    assert.equal(interactionLatency([{ name: 'pointermove', interactionId: 0, duration: 40 }]), null);
    assert.equal(interactionLatency([]), null);
  });
});
