import { when } from './when';

describe('when', () => {
  it('shows a moment in Kenyan time, day first, on the 24-hour clock', () => {
    expect(when('2026-11-25T11:05:00.000Z')).toBe('25 Nov 2026, 14:05');
  });

  it('puts a moment late in the UTC evening on the next Kenyan day', () => {
    // 21:30 UTC on the 30th is 00:30 on the 1st in Nairobi (UTC+3).
    expect(when('2026-11-30T21:30:00.000Z')).toBe('1 Dec 2026, 00:30');
  });
});
