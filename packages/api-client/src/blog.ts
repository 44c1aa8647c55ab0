import { z } from 'zod';
import { call, segment } from './http';
import { htmlSchema, idSchema, imageSchema, isoDateTimeSchema } from './common';

export const blogPostSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: htmlSchema,
  images: z.array(imageSchema),
  /** Card image for the home page; missing: use images[0] or a fallback. */
  image: z.string().optional(),
  /** The home page shows 'col-1' (at most 2) and 'col-2' (at most 3). */
  category: z.string(),
  createdAt: isoDateTimeSchema,
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListSchema = z.array(blogPostSchema);

/** GET blog: every post, newest first. Sent without auth. */
export const getBlogs = (): Promise<BlogPost[]> =>
  call({ method: 'GET', path: 'blog', response: blogListSchema, errors: { fallback: 'Error getting blogs' } });

/** GET blog/{id}: one post. Sent without auth. */
export const getBlog = (id: string): Promise<BlogPost> =>
  call({
    method: 'GET',
    path: `blog/${segment(id)}`,
    response: blogPostSchema,
    errors: { fallback: 'Error getting blog' },
  });
