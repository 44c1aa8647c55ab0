import type { IslandModules } from '@agri/ui/federation';

/**
 * The content remote's islands, by name (`content/<name>` on a page), for the shell to hydrate on a document with
 * islands; each loads only its own code.
 */
export const islands = {
  hero: () => import('./pages/home/hero').then(({ Hero }) => ({ default: Hero })),
  testimonials: () => import('./pages/home/testimonials-carousel').then(({ TestimonialsCarousel }) => ({ default: TestimonialsCarousel })),
  'home-blog': () => import('./pages/home/home-blog-section').then(({ HomeBlogSection }) => ({ default: HomeBlogSection })),
  blogs: () => import('./pages/blogs/blogs-page').then(({ BlogsBody }) => ({ default: BlogsBody })),
  'about-block': () => import('./features/about-block/about-block').then(({ AboutBlock }) => ({ default: AboutBlock })),
  'contact-form': () => import('./pages/contact/contact-form').then(({ ContactForm }) => ({ default: ContactForm })),
  'blog-post': () => import('./pages/blog-post/blog-post-page').then(({ BlogPost }) => ({ default: BlogPost })),
} satisfies IslandModules;

declare module '@agri/ui/island-protocol' {
  /** A page names one of these islands, or the type-check fails. */
  interface IslandNames extends Record<`content/${keyof typeof islands}`, true> {}
}
