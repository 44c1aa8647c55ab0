import * as z from 'zod/mini';
import { htmlSchema, imageSchema, optionalImageSchema } from './common';
import { changedAtSchema, instantSchema, listOf, serverIdSchema } from './reader';

export const blogPostSchema = z.object({
  _id: serverIdSchema,
  title: z.string(),
  description: htmlSchema,
  images: listOf(imageSchema),
  /** Card image for the home page; missing: use images[0] or a fallback. */
  image: optionalImageSchema,
  /** The home page shows 'col-1' (at most 2) and 'col-2' (at most 3). */
  category: z.string(),
  /** ISO date-time (UTC); shown in Kenyan time. */
  createdAt: instantSchema,
  /** When it last changed (the sitemap's lastmod, structured data's dateModified). */
  updatedAt: changedAtSchema,
});
export type BlogPost = z.output<typeof blogPostSchema>;

export const blogListSchema = listOf(blogPostSchema);
