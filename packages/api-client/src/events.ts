import { z } from 'zod';
import { call, segment } from './http';
import { htmlSchema, idSchema, imageSchema } from './common';

const dateSchema = z.iso.date();
const timeSchema = z.string().regex(/^\d{2}:\d{2}$/, 'time must be HH:mm');

export const eventSchema = z.object({
  _id: idSchema,
  title: z.string(),
  speaker: z.string(),
  description: htmlSchema,
  /** Missing: show 'City TBD'. */
  city: z.string().optional(),
  /** Missing: show 'Venue TBD'. */
  venue: z.string().optional(),
  /** YYYY-MM-DD, Kenyan local date. */
  startDate: dateSchema,
  /** HH:mm, Kenyan local time. */
  startTime: timeSchema,
  endDate: dateSchema,
  endTime: timeSchema,
  /** KES; 0 is a free event. */
  price: z.number().nonnegative(),
  images: z.array(imageSchema),
  /** Length in days. */
  courseLength: z.number().int().positive().optional(),
  /** One class, in minutes. */
  classDuration: z.number().int().positive().optional(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventListResponseSchema = z.object({ data: z.array(eventSchema) });
export const eventResponseSchema = z.object({ data: eventSchema });

/** GET event: every event, past and upcoming, soonest first; the list is the response's `data`. */
export const getEvents = async (): Promise<Event[]> =>
  (
    await call({
      method: 'GET',
      path: 'event',
      response: eventListResponseSchema,
      errors: { fallback: 'Error getting events' },
    })
  ).data;

/** GET event/{id}: one event, read from the response's `data`. */
export const getEvent = async (id: string): Promise<Event> =>
  (
    await call({
      method: 'GET',
      path: `event/${segment(id)}`,
      response: eventResponseSchema,
      errors: { fallback: 'Error getting event' },
    })
  ).data;
