import { getCourses, getEvents } from '@agri/api-client';
import { pageHead } from '@agri/ui';
import { collectionRoutes, type PageRoute } from '@agri/ui/federation';
import { useCourseStore, useCoursesStore } from './features/courses/courses-store';
import { useEventStore, useEventsStore } from './features/events/events-store';

/** The catalog remote's pages; the shell mounts them in the site frame. All are public, prerendered documents with islands. */
export const routes: PageRoute[] = [
  ...collectionRoutes({
    list: {
      path: '/courses',
      head: pageHead(
        'Courses',
        'Agri-food training courses in Kenya: ISO 22000, HACCP, food safety, product development and more.',
        'food safety courses Kenya, ISO 22000 training, HACCP training',
      ),
      load: () => import('./pages/courses/courses-page'),
      area: useCoursesStore,
    },
    item: {
      path: '/course',
      head: pageHead(
        'Course',
        'Course details, price and how to request a call from our training team.',
        'agri-food course Kenya, food safety training, ISO training',
      ),
      load: () => import('./pages/course/course-page'),
      area: useCourseStore,
    },
    items: getCourses,
  }),
  ...collectionRoutes({
    list: {
      path: '/events',
      head: pageHead(
        'Upcoming Events',
        'Food safety forums, HACCP bootcamps and agri-food workshops across Kenya. Book your seat.',
        'food safety forum Kenya, agri-food events, HACCP bootcamp',
      ),
      load: () => import('./pages/events/events-page'),
      area: useEventsStore,
    },
    item: {
      path: '/event',
      head: pageHead('Event', 'Event dates, venue, price and booking.', 'agri-food event Kenya, food safety workshop booking'),
      load: () => import('./pages/event/event-page'),
      area: useEventStore,
    },
    items: getEvents,
  }),
];
