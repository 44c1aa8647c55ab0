import type { Event } from '@agri/api-client';
import { Icon } from '@agri/ui';
import { formatDateRange } from '@agri/ui/dates';
import { formatTime } from '../../shared/dates';

/** 'Mar 4, 2027 - Mar 7, 2027', the short form shared by /events and the home page. */
export const eventDates = (event: Pick<Event, 'startDate' | 'endDate'>): string => formatDateRange(event.startDate, event.endDate);

/** '9:00 AM - 4:00 PM'. */
export const eventTimes = (event: Pick<Event, 'startTime' | 'endTime'>): string => `${formatTime(event.startTime)} - ${formatTime(event.endTime)}`;

export function CalendarIcon() {
  return (
    <Icon size={18} stroke={2} className="event-icon">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Icon>
  );
}

export function ClockIcon() {
  return (
    <Icon size={18} stroke={2} className="event-icon">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

export function PinIcon() {
  return (
    <Icon size={18} stroke={2} className="event-icon">
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Icon>
  );
}
