import { useDataAreaFor } from '@agri/api-client';
import { isUpcoming } from '../../shared/dates';
import { useEventsStore } from './events-store';

/** Loads the events list and keeps the ones that have not ended, soonest first. */
export function useUpcomingEvents() {
  const { data, isLoading, isError, message } = useDataAreaFor(useEventsStore);

  const events = data ? data.filter((event) => isUpcoming(event)).sort((a, b) => a.startDate.localeCompare(b.startDate)) : null;
  return { events, isLoading, isError, message, retry: () => void useEventsStore.getState().run() };
}
