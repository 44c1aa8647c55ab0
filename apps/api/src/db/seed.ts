import { kenyanDate } from '@agri/api-client/contract';
import { newId, type ApiDialect } from '../dialect';
import type { Db } from './db';
import { lockSchema } from './migrations';
import { seedBlogPosts, seedCourses, seedEvents } from './seed-data';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Kenyan date `days` from `now`. */
const kenyanDateIn = (now: Date, days: number): string => kenyanDate(new Date(now.getTime() + days * DAY_MS));

/**
 * Fills an empty catalogue, with ids of the dialect's form; event dates are relative to now so upcoming
 * events are upcoming. Under the schema lock, so instances starting together on an empty database seed it once.
 */
export async function seed(db: Db, dialect: ApiDialect = 'reference', now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSchema(tx);
    const [{ count }] = (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM courses')) as [{ count: number }];
    if (count > 0) return;
    for (const [position, course] of seedCourses.entries()) {
      await tx.query(
        `INSERT INTO courses (id, position, title, objective, target_group, duration, lecturer, category, description,
           what_you_will_earn, price, lectures, skill_level, language, certificate)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          newId(dialect),
          position,
          course.title,
          course.objective,
          course.targetGroup,
          course.duration,
          course.lecturer,
          course.category,
          course.description,
          JSON.stringify(course.whatYouWillEarn),
          course.price,
          course.lectures ?? null,
          course.skillLevel ?? null,
          course.language ?? null,
          course.certificate,
        ],
      );
    }
    for (const event of seedEvents) {
      await tx.query(
        `INSERT INTO events (id, title, speaker, description, city, venue, start_date, start_time, end_date, end_time,
           price, images, course_length, class_duration)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          newId(dialect),
          event.title,
          event.speaker,
          event.description,
          event.city ?? null,
          event.venue ?? null,
          kenyanDateIn(now, event.startInDays),
          event.startTime,
          kenyanDateIn(now, event.endInDays),
          event.endTime,
          event.price,
          JSON.stringify(event.images),
          event.courseLength ?? null,
          event.classDuration ?? null,
        ],
      );
    }
    for (const post of seedBlogPosts) {
      await tx.query(`INSERT INTO blogs (id, title, description, images, image, category, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        newId(dialect),
        post.title,
        post.description,
        JSON.stringify(post.images),
        post.image ?? null,
        post.category,
        new Date(now.getTime() - post.daysAgo * DAY_MS).toISOString(),
      ]);
    }
  });
}
