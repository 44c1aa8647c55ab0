import { createDataArea, getBlog, getBlogs } from '@agri/api-client';

/** The blog list: the home page, /blogs and a post's related posts. */
export const useBlogsStore = createDataArea('content/blogs', getBlogs);

/** The one post /blog/:id shows. */
export const useBlogStore = createDataArea('content/blog', getBlog);
