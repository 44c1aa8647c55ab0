import { blogListSchema, type BlogPost, blogPostSchema } from './contract/blog';
import { call, segment } from './http';

/** GET blog: every post, newest first. Sent without auth. */
export const getBlogs = (): Promise<BlogPost[]> => call({ method: 'GET', path: 'blog', response: blogListSchema, errors: { fallback: 'Error getting blogs' } });

/** GET blog/{id}: one post. Sent without auth. */
export const getBlog = (id: string): Promise<BlogPost> =>
  call({ method: 'GET', path: `blog/${segment(id)}`, response: blogPostSchema, errors: { fallback: 'Error getting blog' } });
