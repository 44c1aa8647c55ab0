import { KENYA_UTC_OFFSET, kenyanDate } from '@agri/api-client';
import { formatDate } from '@agri/ui/dates';

/** Today's date in Kenya as YYYY-MM-DD, the form (and the calendar) of event dates, wherever the visitor is. */
export function todayIsoDate(now: Date = new Date()): string {
  return kenyanDate(now);
}

/** An event is upcoming until its last day has passed. */
export function isUpcoming(event: { endDate: string }, today: string = todayIsoDate()): boolean {
  return event.endDate >= today;
}

/**
 * The moment the first of these events stops being upcoming (isUpcoming): the start, in Kenya, of the day after
 * its last day. Null for none.
 */
export function upcomingUntil(events: readonly { endDate: string }[]): string | null {
  const [firstToEnd] = events.map((event) => event.endDate.slice(0, 10)).sort();
  if (!firstToEnd) return null;
  const dayAfter = new Date(`${firstToEnd}T00:00:00${KENYA_UTC_OFFSET}`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  return dayAfter.toISOString();
}

/** '09:00' becomes '9:00 AM'. */
export function formatTime(time: string): string {
  return formatDate(`2000-01-01T${time}`, 'h:mm A');
}

/** 'Mar 4, 2027' in the short form the event pages use. */
export function formatShortDate(isoDate: string): string {
  return formatDate(isoDate, 'MMM D, YYYY');
}
