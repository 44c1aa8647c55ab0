import { type Event, eventAnswerSchema, eventSchema } from './contract/events';
import { listOf } from './contract/reader';
import { call, segment } from './http';

/** GET event: every event, past and upcoming, soonest first; the list is the response's `data`. */
export const getEvents = (): Promise<Event[]> =>
  // listOf reads the `{ data: [...] }` envelope as its list: the answer is the list the page shows.
  call({ method: 'GET', path: 'event', response: listOf(eventSchema), errors: { fallback: 'Error getting events' } });

/** GET event/{id}: one event, read from the response's `data`. */
export const getEvent = (id: string): Promise<Event> =>
  call({ method: 'GET', path: `event/${segment(id)}`, response: eventAnswerSchema, errors: { fallback: 'Error getting event' } });
