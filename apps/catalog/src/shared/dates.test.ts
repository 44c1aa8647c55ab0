import { isUpcoming, todayIsoDate } from './dates';

describe('todayIsoDate', () => {
  it("is today's date in Kenya, not on the visitor's device", () => {
    // 22:30 UTC on the 30th is already the 31st in Nairobi (UTC+3).
    expect(todayIsoDate(new Date('2030-03-30T22:30:00Z'))).toBe('2030-03-31');
    expect(todayIsoDate(new Date('2030-03-30T20:30:00Z'))).toBe('2030-03-30');
  });
});

describe('isUpcoming', () => {
  it('keeps an event until its last day has passed', () => {
    expect(isUpcoming({ endDate: '2030-03-31' }, '2030-03-31')).toBe(true);
    expect(isUpcoming({ endDate: '2030-03-30' }, '2030-03-31')).toBe(false);
  });
});
