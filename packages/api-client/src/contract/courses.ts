import * as z from 'zod/mini';
import { htmlSchema } from './common';
import { amountSchema, changedAtSchema, flagSchema, listOf, optionalNumber, optionalTextSchema, serverIdSchema } from './reader';

export const courseSchema = z.object({
  _id: serverIdSchema,
  title: z.string(),
  objective: z.string(),
  targetGroup: z.string(),
  /** Free text, e.g. '3 days'. */
  duration: z.string(),
  lecturer: z.string(),
  category: z.string(),
  description: htmlSchema,
  /** The first item is HTML. */
  whatYouWillEarn: listOf(htmlSchema),
  /** KES, VAT inclusive. */
  price: amountSchema,
  /** Missing: show 'N/A'. */
  lectures: optionalNumber(z.int().check(z.nonnegative())),
  /** Missing: show 'All Levels'. */
  skillLevel: optionalTextSchema,
  /** Missing: show 'English'. */
  language: optionalTextSchema,
  certificate: flagSchema,
  /** When it last changed (the sitemap's lastmod, structured data's dateModified). */
  updatedAt: changedAtSchema,
});
export type Course = z.output<typeof courseSchema>;

export const courseListSchema = listOf(courseSchema);

/** The course fields that cart items, orders and the wishlist carry. */
export const courseSummarySchema = z.pick(courseSchema, { _id: true, title: true, price: true, duration: true, category: true });
export type CourseSummary = z.output<typeof courseSummarySchema>;
