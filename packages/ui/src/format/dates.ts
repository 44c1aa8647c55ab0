import moment from 'moment';
import { KENYA_UTC_OFFSET_MINUTES } from '@agri/api-client';

const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The moment a value names, in Kenyan time whatever the visitor's device is set to: a date-time with a
 * zone (createdAt) is converted; a date or a date-time without one ('2027-03-04', an event's day) is
 * already Kenyan and is kept as written.
 */
const inKenya = (iso: string) => (HAS_ZONE.test(iso) ? moment(iso).utcOffset(KENYA_UTC_OFFSET_MINUTES) : moment.utc(iso));

/** Formats an ISO date or date-time with a moment pattern ('MMMM D YYYY', 'MMMM Do YYYY', ...), in Kenyan time. */
export function formatDate(iso: string, pattern: string): string {
  return inKenya(iso).format(pattern);
}

/** 'Mar 4, 2027' or 'Mar 4, 2027 - Mar 7, 2027' when the start and end days differ. */
export function formatDateRange(startIso: string, endIso?: string | null): string {
  const start = inKenya(startIso);
  const end = endIso ? inKenya(endIso) : null;
  const short = 'MMM D, YYYY';
  if (!end || end.isSame(start, 'day')) return start.format(short);
  return `${start.format(short)} - ${end.format(short)}`;
}
