import { createDataArea, getEvent, getEvents } from '@agri/api-client';

/** The events list, shared by /events and the home page's upcoming events. */
export const useEventsStore = createDataArea('catalog/events', getEvents);

/** The one event /event/:id shows. */
export const useEventStore = createDataArea('catalog/event', getEvent);
