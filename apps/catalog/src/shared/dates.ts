import { formatDate } from '@agri/ui/dates';

/** Today's date in Kenya as YYYY-MM-DD, the form (and the calendar) of event dates, wherever the visitor is. */
export function todayIsoDate(now: Date = new Date()): string {
  return formatDate(now.toISOString(), 'YYYY-MM-DD');
}

/** An event is upcoming until its last day has passed. */
export function isUpcoming(event: { endDate: string }, today: string = todayIsoDate()): boolean {
  return event.endDate >= today;
}

/** '09:00' becomes '9:00 AM'. */
export function formatTime(time: string): string {
  return formatDate(`2000-01-01T${time}`, 'h:mm A');
}

/** 'Mar 4, 2027' in the short form the event pages use. */
export function formatShortDate(isoDate: string): string {
  return formatDate(isoDate, 'MMM D, YYYY');
}
