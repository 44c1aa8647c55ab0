import { formatDate, formatDateRange } from './dates';
import { truncateText } from './format';

describe('formatDate', () => {
  it('shows a server date-time in Kenyan time, whatever zone it was written in', () => {
    // 21:30 UTC is 00:30 the next day in Nairobi.
    expect(formatDate('2030-03-30T21:30:00.000Z', 'YYYY-MM-DD HH:mm')).toBe('2030-03-31 00:30');
    expect(formatDate('2030-03-31T00:30:00+03:00', 'YYYY-MM-DD HH:mm')).toBe('2030-03-31 00:30');
  });

  it('keeps a date, or a date-time without a zone, as written: it is already Kenyan', () => {
    expect(formatDate('2030-03-30', 'MMMM Do YYYY')).toBe('March 30th 2030');
    expect(formatDate('2000-01-01T09:00', 'h:mm A')).toBe('9:00 AM');
  });
});

describe('formatDateRange', () => {
  it('gives one day, or the two days when they differ', () => {
    expect(formatDateRange('2027-03-04', '2027-03-04')).toBe('Mar 4, 2027');
    expect(formatDateRange('2027-03-04', '2027-03-07')).toBe('Mar 4, 2027 - Mar 7, 2027');
    expect(formatDateRange('2027-03-04')).toBe('Mar 4, 2027');
  });
});

describe('truncateText', () => {
  it('cuts long text', () => {
    expect(truncateText('Aflatoxin control', 9)).toBe('Aflatoxin...');
    expect(truncateText('HACCP', 9)).toBe('HACCP');
  });
});
