import * as z from 'zod/mini';
import { htmlSchema, type Image, imageSchema } from './common';
import {
  amountSchema,
  kenyanDateSchema,
  kenyanTimeSchema,
  listOf,
  optionalNumber,
  optionalTextSchema,
  refuse,
  serverIdSchema,
  changedAtSchema,
} from './reader';

/** The event as the server may send it; `eventSchema` normalises it. */
const eventFieldsSchema = z.object({
  _id: serverIdSchema,
  title: z.string(),
  speaker: z.string(),
  description: htmlSchema,
  city: optionalTextSchema,
  venue: optionalTextSchema,
  startDate: kenyanDateSchema,
  /** Missing: the time of `startDate` when that is a date-time. */
  startTime: z.optional(kenyanTimeSchema),
  endDate: kenyanDateSchema,
  endTime: z.optional(kenyanTimeSchema),
  price: amountSchema,
  images: z.optional(listOf(imageSchema)),
  courseLength: optionalNumber(z.int().check(z.positive())),
  classDuration: optionalNumber(z.int().check(z.positive())),
  updatedAt: changedAtSchema,
});

/** An event as every app sees it, whatever form the server sent. */
export interface Event {
  _id: string;
  title: string;
  speaker: string;
  /** Server HTML. */
  description: string;
  /** Missing: shown as `cityOf` says. */
  city?: string;
  /** Missing: shown as `venueOf` says. */
  venue?: string;
  /** YYYY-MM-DD, Kenyan local date. */
  startDate: string;
  /** HH:mm, Kenyan local time. */
  startTime: string;
  endDate: string;
  endTime: string;
  /** KES; 0 is a free event. */
  price: number;
  images: Image[];
  /** Length in days. */
  courseLength?: number;
  /** One class, in minutes. */
  classDuration?: number;
  /** When it last changed: ISO date-time (UTC). */
  updatedAt?: string;
}

/** Where an event is held, as every page and the booking say it: 'Venue TBD' and 'City TBD' until staff set them. */
export const venueOf = (event: Pick<Event, 'venue'>): string => event.venue?.trim() || 'Venue TBD';
export const cityOf = (event: Pick<Event, 'city'>): string => event.city?.trim() || 'City TBD';

export const eventSchema = z.pipe(
  eventFieldsSchema,
  z.transform((event, ctx): Event => {
    const startTime = event.startTime ?? event.startDate.time;
    const endTime = event.endTime ?? event.endDate.time;
    if (startTime === null || endTime === null) {
      return refuse(ctx, 'Expected a time of day (HH:mm)', [startTime === null ? 'startTime' : 'endTime']);
    }
    return { ...event, startDate: event.startDate.date, startTime, endDate: event.endDate.date, endTime, images: event.images ?? [] };
  }),
);

export const eventListResponseSchema = z.object({ data: listOf(eventSchema) });
export const eventResponseSchema = z.object({ data: eventSchema });

/** One event out of its `{ data }` envelope: the answer is the event the page shows. */
export const eventAnswerSchema = z.pipe(
  eventResponseSchema,
  z.transform(({ data }) => data),
);
