import { useDataAreaFor } from '@agri/api-client';
import { isUpcoming } from '../../shared/dates';
import { useEventsStore } from './events-store';

/** Loads the events list; `events` are the ones that have not ended, soonest first (null until the list is in). */
export function useUpcomingEvents() {
  const area = useDataAreaFor(useEventsStore);
  const events = area.data ? area.data.filter((event) => isUpcoming(event)).sort((a, b) => a.startDate.localeCompare(b.startDate)) : null;
  return { area, events };
}
