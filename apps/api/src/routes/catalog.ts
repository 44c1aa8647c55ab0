import { Hono, type Context } from 'hono';
import type { BlogPost, Course, Event } from '@agri/api-client/contract';
import { inDialect, kenyanDateTime } from '../dialect';
import { optionalCustomerId } from '../http';
import { notFound } from '../http-error';
import { pictureStore } from '../pictures/picture-store';
import { publicRead } from '../public-read';
import { pathId } from '../request-guards';
import type { Services } from '../services';

export interface CourseRow {
  id: string;
  title: string;
  objective: string;
  target_group: string;
  duration: string;
  lecturer: string;
  category: string;
  description: string;
  what_you_will_earn: string[];
  price: number;
  lectures: number | null;
  skill_level: string | null;
  language: string | null;
  certificate: boolean;
  updated_at: Date;
}

export interface EventRow {
  id: string;
  title: string;
  speaker: string;
  description: string;
  city: string | null;
  venue: string | null;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  price: number;
  images: { url: string }[];
  course_length: number | null;
  class_duration: number | null;
  updated_at: Date;
}

export interface BlogRow {
  id: string;
  title: string;
  description: string;
  images: { url: string }[];
  image: string | null;
  category: string;
  created_at: Date;
  updated_at: Date;
}

/** Optional fields are left out rather than sent as null, as the contract says. */
const present = <T>(value: T | null): T | undefined => value ?? undefined;

export const toCourse = (row: CourseRow): Course => ({
  _id: row.id,
  title: row.title,
  objective: row.objective,
  targetGroup: row.target_group,
  duration: row.duration,
  lecturer: row.lecturer,
  category: row.category,
  description: row.description,
  whatYouWillEarn: row.what_you_will_earn,
  price: row.price,
  lectures: present(row.lectures),
  skillLevel: present(row.skill_level),
  language: present(row.language),
  certificate: row.certificate,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Stored image paths ('/static/...') as `absoluteUrl` makes them; staff see what is stored. */
const imagesOf = (list: { url: string }[], absoluteUrl: (path: string) => string) => list.map(({ url }) => ({ url: absoluteUrl(url) }));
const asStored = (path: string) => path;

export const toEvent = (row: EventRow, absoluteUrl = asStored): Event => ({
  _id: row.id,
  title: row.title,
  speaker: row.speaker,
  description: row.description,
  city: present(row.city),
  venue: present(row.venue),
  startDate: row.start_date,
  startTime: row.start_time,
  endDate: row.end_date,
  endTime: row.end_time,
  price: row.price,
  images: imagesOf(row.images, absoluteUrl),
  courseLength: present(row.course_length),
  classDuration: present(row.class_duration),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export const toBlogPost = (row: BlogRow, absoluteUrl = asStored): BlogPost => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  images: imagesOf(row.images, absoluteUrl),
  image: row.image ? { url: absoluteUrl(row.image) } : undefined,
  category: row.category,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The hosted API stores an event's start and end as date-times. */
const hostedEvent = (event: Event) => ({
  ...event,
  startDate: kenyanDateTime(event.startDate, event.startTime),
  endDate: kenyanDateTime(event.endDate, event.endTime),
});

export function catalogRoutes(services: Services): Hono {
  const { db, absoluteUrl } = services;
  const { dialect } = services.config;
  /** Every answer here is public: tagged, so that a page confirms what it shows for a few hundred bytes. */
  const read = (c: Context, reference: unknown, hosted?: () => unknown) => publicRead(c, inDialect(dialect, reference, hosted));
  const pictures = pictureStore(db, absoluteUrl);
  /** As pages show them: library pictures with their widths and formats (picture-store.ts). */
  const events = async (rows: EventRow[]) => {
    const items = rows.map((row) => toEvent(row, absoluteUrl));
    await pictures.expand(items, (item) => item.images);
    return items;
  };
  const blogPosts = async (rows: BlogRow[]) => {
    const items = rows.map((row) => toBlogPost(row, absoluteUrl));
    await pictures.expand(items, (item) => (item.image ? [...item.images, item.image] : item.images));
    return items;
  };
  return new Hono()
    .get('/course', async (c) => read(c, (await db.query<CourseRow>('SELECT * FROM courses WHERE published ORDER BY position')).map(toCourse)))
    .get('/course/:id', async (c) => {
      const [row] = await db.query<CourseRow>('SELECT * FROM courses WHERE id = $1 AND published', [pathId(c, 'Course')]);
      if (!row) throw notFound('Course');
      const customerId = await optionalCustomerId(c, services);
      if (customerId) {
        await db.query(
          `INSERT INTO recently_viewed (customer_id, course_id) VALUES ($1, $2)
           ON CONFLICT (customer_id, course_id) DO UPDATE SET viewed_at = now()`,
          [customerId, row.id],
        );
      }
      return read(c, toCourse(row));
    })
    .get('/event', async (c) => {
      const items = await events(await db.query<EventRow>('SELECT * FROM events WHERE published ORDER BY start_date, start_time'));
      return read(c, { data: items }, () => ({ data: items.map(hostedEvent) }));
    })
    .get('/event/:id', async (c) => {
      const [row] = await db.query<EventRow>('SELECT * FROM events WHERE id = $1 AND published', [pathId(c, 'Event')]);
      if (!row) throw notFound('Event');
      const [item] = await events([row]);
      return read(c, { data: item }, () => ({ data: hostedEvent(item!) }));
    })
    .get('/blog', async (c) => read(c, await blogPosts(await db.query<BlogRow>('SELECT * FROM blogs WHERE published ORDER BY created_at DESC'))))
    .get('/blog/:id', async (c) => {
      const [row] = await db.query<BlogRow>('SELECT * FROM blogs WHERE id = $1 AND published', [pathId(c, 'Blog post')]);
      if (!row) throw notFound('Blog post');
      return read(c, (await blogPosts([row]))[0]);
    });
}
