import { z } from 'zod';
import { call, segment } from './http';
import { htmlSchema, idSchema } from './common';

export const courseSchema = z.object({
  _id: idSchema,
  title: z.string(),
  objective: z.string(),
  targetGroup: z.string(),
  /** Free text, e.g. '3 days'. */
  duration: z.string(),
  lecturer: z.string(),
  category: z.string(),
  description: htmlSchema,
  /** The first item is HTML. */
  whatYouWillEarn: z.array(htmlSchema),
  /** KES, VAT inclusive. */
  price: z.number().nonnegative(),
  /** Missing: show 'N/A'. */
  lectures: z.number().int().nonnegative().optional(),
  /** Missing: show 'All Levels'. */
  skillLevel: z.string().optional(),
  /** Missing: show 'English'. */
  language: z.string().optional(),
  certificate: z.boolean(),
});
export type Course = z.infer<typeof courseSchema>;

export const courseListSchema = z.array(courseSchema);

/** The course fields that cart items, orders and the wishlist carry. */
export const courseSummarySchema = courseSchema.pick({ _id: true, title: true, price: true, duration: true, category: true });
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** GET course: every course. */
export const getCourses = (): Promise<Course[]> =>
  call({ method: 'GET', path: 'course', response: courseListSchema, errors: { fallback: 'Error getting courses' } });

/** GET course/{id}: one course. A signed-in customer's view is added to their recently viewed list. */
export const getCourse = (id: string): Promise<Course> =>
  call({
    method: 'GET',
    path: `course/${segment(id)}`,
    auth: 'optional',
    response: courseSchema,
    errors: { fallback: 'Error getting course' },
  });
