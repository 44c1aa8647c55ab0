import type { IslandModules } from '@agri/ui/federation';

/**
 * The catalog remote's islands, by name (`catalog/<name>` on a page), for the shell to hydrate on a document with
 * islands; each loads only its own page's code.
 */
export const islands = {
  courses: () => import('./pages/courses/courses-page').then(({ CourseList }) => ({ default: CourseList })),
  course: () => import('./pages/course/course-page').then(({ CourseArticle }) => ({ default: CourseArticle })),
  events: () => import('./pages/events/events-page').then(({ UpcomingEventList }) => ({ default: UpcomingEventList })),
  'upcoming-events': () => import('./fragments/upcoming-events').then(({ UpcomingEventRows }) => ({ default: UpcomingEventRows })),
  event: () => import('./pages/event/event-page').then(({ EventArticle }) => ({ default: EventArticle })),
} satisfies IslandModules;

declare module '@agri/ui/island-protocol' {
  /** A page names one of these islands, or the type-check fails. */
  interface IslandNames extends Record<`catalog/${keyof typeof islands}`, true> {}
}
