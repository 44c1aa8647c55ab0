import { CONTENT_KINDS, type ContentKind } from '@agri/api-client/staff';

export const CONTENT_LABELS: Record<ContentKind, { plural: string; one: string; publicPath: string }> = {
  courses: { plural: 'Courses', one: 'course', publicPath: '/course' },
  events: { plural: 'Events', one: 'event', publicPath: '/event' },
  blog: { plural: 'Blog posts', one: 'blog post', publicPath: '/blog' },
};

export const contentKindOf = (value: string | undefined): ContentKind | null =>
  (CONTENT_KINDS as readonly string[]).includes(value ?? '') ? (value as ContentKind) : null;
