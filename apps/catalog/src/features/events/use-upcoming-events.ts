import { useEffect } from 'react';
import { isUpcoming } from '../../shared/dates';
import { useEventsStore } from './events-store';

/** Loads the events list and keeps the ones that have not ended, soonest first. */
export function useUpcomingEvents() {
  const { data, isLoading, isError, message } = useEventsStore();

  useEffect(() => {
    void useEventsStore.getState().run();
  }, []);

  const events = data ? data.filter((event) => isUpcoming(event)).sort((a, b) => a.startDate.localeCompare(b.startDate)) : null;
  return { events, isLoading, isError, message, retry: () => void useEventsStore.getState().run() };
}
