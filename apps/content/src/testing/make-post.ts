import type { BlogPost } from '@agri/api-client';

/** A blog post for tests; fields not given get plausible values. */
export function makePost(overrides: Partial<BlogPost> & Pick<BlogPost, '_id'>): BlogPost {
  return {
    title: `Article ${overrides._id}`,
    description: '<p>Practical guidance for Kenyan food processors.</p>',
    images: [{ url: '/static/blog/maize.svg' }],
    category: 'col-1',
    createdAt: '2025-03-04T08:00:00.000Z',
    ...overrides,
  };
}
