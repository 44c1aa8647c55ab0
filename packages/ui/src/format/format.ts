import moment from 'moment';

const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });

/** 'KES 45,000': currency is always KES with thousands separators. */
export function formatKes(amount: number): string {
  return `KES ${kes.format(amount)}`;
}

/** Cuts text to `length` characters and appends '...' when it was longer. */
export function truncateText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** Formats an ISO date with a moment pattern ('MMMM D YYYY', 'MMMM Do YYYY', ...). */
export function formatDate(iso: string, pattern: string): string {
  return moment(iso).format(pattern);
}

/** 'Mar 4, 2027' or 'Mar 4, 2027 - Mar 7, 2027' when the start and end days differ. */
export function formatDateRange(startIso: string, endIso?: string | null): string {
  const start = moment(startIso);
  const end = endIso ? moment(endIso) : null;
  const short = 'MMM D, YYYY';
  if (!end || end.isSame(start, 'day')) return start.format(short);
  return `${start.format(short)} - ${end.format(short)}`;
}
