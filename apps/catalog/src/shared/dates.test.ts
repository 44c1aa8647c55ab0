import { isUpcoming, todayIsoDate, upcomingUntil } from './dates';

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

describe('upcomingUntil', () => {
  it('is the Kenyan midnight that ends the last day of the first event to end', () => {
    const until = upcomingUntil([{ endDate: '2030-04-02' }, { endDate: '2030-03-31' }, { endDate: '2030-05-01' }]);
    expect(until).toBe('2030-03-31T21:00:00.000Z');
    // A moment before it, the event is still upcoming; at it, no longer.
    expect(isUpcoming({ endDate: '2030-03-31' }, todayIsoDate(new Date(Date.parse(until!) - 1)))).toBe(true);
    expect(isUpcoming({ endDate: '2030-03-31' }, todayIsoDate(new Date(until!)))).toBe(false);
  });

  it('is null for no events', () => {
    expect(upcomingUntil([])).toBeNull();
  });
});
