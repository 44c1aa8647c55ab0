import { Hono } from 'hono';
import type * as z from 'zod/mini';
import {
  blogPostDraftSchema,
  courseDraftSchema,
  eventDraftSchema,
  publishRequestSchema,
  type BlogPostDraft,
  type ContentKind,
  type CourseDraft,
  type EventDraft,
} from '@agri/api-client/staff-contract';
import type { Queryable } from '../db/db';
import { newId } from '../dialect';
import { readBody } from '../http';
import { HttpError } from '../http-error';
import { claimKey, once } from '../idempotency';
import { holdPictures } from '../pictures/picture-store';
import { pathId } from '../request-guards';
import { toBlogPost, toCourse, toEvent, type BlogRow, type CourseRow, type EventRow } from '../routes/catalog';
import type { Services } from '../services';
import { audit } from './audit';
import { sanitiseRichText } from './rich-text';
import type { StaffEnv, StaffSessions } from './staff-sessions';

type Row = { id: string; published: boolean };

/** How one kind of content is stored: its table, its draft schema, and its columns. */
interface ContentTable<Draft> {
  table: 'courses' | 'events' | 'blogs';
  /** 'Course', for messages and the audit log. */
  label: string;
  draft: z.ZodMiniType<Draft>;
  order: string;
  /** The draft as column values, rich text already sanitised. */
  columns: (draft: Draft, clean: (html: string) => string) => Record<string, unknown>;
  /** Set only when an item is made. */
  created?: (tx: Queryable) => Promise<Record<string, unknown>>;
  toItem: (row: never) => unknown;
  /** The images the draft names (library pictures among them are held: pictures/picture-store.ts). */
  images?: (draft: Draft) => string[];
  /** What must go before the item can (rows that point at it). */
  dependents?: string[];
}

const nullable = <T>(value: T | undefined) => value ?? null;

const tables: { [Kind in ContentKind]: ContentTable<Kind extends 'courses' ? CourseDraft : Kind extends 'events' ? EventDraft : BlogPostDraft> } = {
  courses: {
    table: 'courses',
    label: 'Course',
    draft: courseDraftSchema,
    order: 'position',
    columns: (draft, clean) => ({
      title: draft.title,
      objective: draft.objective,
      target_group: draft.targetGroup,
      duration: draft.duration,
      lecturer: draft.lecturer,
      category: draft.category,
      description: clean(draft.description),
      what_you_will_earn: JSON.stringify(draft.whatYouWillEarn.map(clean)),
      price: draft.price,
      lectures: nullable(draft.lectures),
      skill_level: nullable(draft.skillLevel),
      language: nullable(draft.language),
      certificate: draft.certificate,
    }),
    created: async (tx) => {
      const [last] = await tx.query<{ position: number }>('SELECT coalesce(max(position), -1) + 1 AS position FROM courses');
      return { position: last!.position };
    },
    toItem: (row: CourseRow) => toCourse(row),
    dependents: ['cart_items', 'wishlist', 'recently_viewed'],
  },
  events: {
    table: 'events',
    label: 'Event',
    draft: eventDraftSchema,
    order: 'start_date, start_time',
    columns: (draft, clean) => ({
      title: draft.title,
      speaker: draft.speaker,
      description: clean(draft.description),
      city: nullable(draft.city),
      venue: nullable(draft.venue),
      start_date: draft.startDate,
      start_time: draft.startTime,
      end_date: draft.endDate,
      end_time: draft.endTime,
      price: draft.price,
      images: JSON.stringify(draft.images),
      course_length: nullable(draft.courseLength),
      class_duration: nullable(draft.classDuration),
    }),
    toItem: (row: EventRow) => toEvent(row),
    images: (draft) => draft.images.map((image) => image.url),
  },
  blog: {
    table: 'blogs',
    label: 'Blog post',
    draft: blogPostDraftSchema,
    order: 'created_at DESC',
    columns: (draft, clean) => ({
      title: draft.title,
      description: clean(draft.description),
      images: JSON.stringify(draft.images),
      image: nullable(draft.image),
      category: draft.category,
    }),
    created: async () => ({ created_at: new Date().toISOString() }),
    toItem: (row: BlogRow) => toBlogPost(row),
    images: (draft) => [...draft.images.map((image) => image.url), ...(draft.image ? [draft.image] : [])],
  },
};

/**
 * Publishing: staff create, edit, unpublish and delete courses, events and blog posts. Rich text is sanitised
 * here with the site's allow-list; an unpublished item leaves the public lists and its page answers 404.
 * Every write is in the audit log with the item before and after.
 */
export function contentRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db, config } = services;
  const staff = sessions.require();
  const clean = (html: string) => sanitiseRichText(html, config.siteUrl);
  const routes = new Hono<StaffEnv>();

  for (const [kind, spec] of Object.entries(tables) as [ContentKind, ContentTable<unknown>][]) {
    const answer = (row: Row) => ({ item: spec.toItem(row as never), published: row.published });
    const rowOf = async (tx: Queryable, id: string, lock = false): Promise<Row> => {
      const [row] = await tx.query<Row>(`SELECT * FROM ${spec.table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
      if (!row) throw new HttpError(404, `${spec.label} not found`);
      return row;
    };
    const subject = (id: string) => `${kind}:${id}`;

    routes
      .get(`/${kind}`, staff, async (c) => c.json((await db.query<Row>(`SELECT * FROM ${spec.table} ORDER BY ${spec.order}`)).map(answer)))
      .get(`/${kind}/:id`, staff, async (c) => c.json(answer(await rowOf(db, pathId(c, spec.label)))))
      .post(`/${kind}`, staff, once(services), async (c) => {
        const draft = await readBody(c, spec.draft);
        await claimKey(c);
        const columns = spec.columns(draft, clean);
        const row = await db.transaction(async (tx) => {
          await holdPictures(tx, spec.images?.(draft) ?? []);
          const values = { id: newId(config.dialect), ...columns, ...(await spec.created?.(tx)) };
          const names = Object.keys(values);
          const [created] = await tx.query<Row>(
            `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING *`,
            Object.values(values),
          );
          await audit(tx, c.get('staff'), `${spec.label.toLowerCase()} created`, subject(created!.id), { after: answer(created!) });
          return created!;
        });
        return c.json(answer(row), 201);
      })
      .put(`/${kind}/:id`, staff, async (c) => {
        const id = pathId(c, spec.label);
        const draft = await readBody(c, spec.draft);
        const columns = spec.columns(draft, clean);
        const row = await db.transaction(async (tx) => {
          const before = await rowOf(tx, id, true);
          await holdPictures(tx, spec.images?.(draft) ?? []);
          const names = Object.keys(columns);
          const [after] = await tx.query<Row>(
            `UPDATE ${spec.table} SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
            [id, ...Object.values(columns)],
          );
          await audit(tx, c.get('staff'), `${spec.label.toLowerCase()} edited`, subject(id), { before: answer(before), after: answer(after!) });
          return after!;
        });
        return c.json(answer(row));
      })
      .put(`/${kind}/:id/published`, staff, async (c) => {
        const id = pathId(c, spec.label);
        const { published } = await readBody(c, publishRequestSchema);
        const row = await db.transaction(async (tx) => {
          const before = await rowOf(tx, id, true);
          const [after] = await tx.query<Row>(`UPDATE ${spec.table} SET published = $2 WHERE id = $1 RETURNING *`, [id, published]);
          await audit(tx, c.get('staff'), `${spec.label.toLowerCase()} ${published ? 'published' : 'unpublished'}`, subject(id), {
            before: { published: before.published },
            after: { published },
          });
          return after!;
        });
        return c.json(answer(row));
      })
      .delete(`/${kind}/:id`, staff, async (c) => {
        const id = pathId(c, spec.label);
        await db.transaction(async (tx) => {
          const before = await rowOf(tx, id, true);
          for (const table of spec.dependents ?? []) await tx.query(`DELETE FROM ${table} WHERE course_id = $1`, [id]);
          await tx.query(`DELETE FROM ${spec.table} WHERE id = $1`, [id]);
          await audit(tx, c.get('staff'), `${spec.label.toLowerCase()} deleted`, subject(id), { before: answer(before) });
        });
        return c.json({ message: `${spec.label} deleted` });
      });
  }
  return routes;
}
