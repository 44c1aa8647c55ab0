import { pageHead } from '@agri/ui';
import type { PageRoute } from '@agri/ui/federation';

/** The catalog remote's pages; the shell mounts them in the site frame. */
export const routes: PageRoute[] = [
  {
    path: '/courses',
    head: pageHead(
      'Courses',
      'Agri-food training courses in Kenya: ISO 22000, HACCP, food safety, product development and more.',
      'food safety courses Kenya, ISO 22000 training, HACCP training',
    ),
    load: () => import('./pages/courses/courses-page'),
  },
  {
    path: '/course/:id',
    head: pageHead(
      'Course',
      'Course details, price and how to request a call from our training team.',
      'agri-food course Kenya, food safety training, ISO training',
    ),
    load: () => import('./pages/course/course-page'),
  },
  {
    path: '/events',
    head: pageHead(
      'Upcoming Events',
      'Food safety forums, HACCP bootcamps and agri-food workshops across Kenya. Book your seat.',
      'food safety forum Kenya, agri-food events, HACCP bootcamp',
    ),
    load: () => import('./pages/events/events-page'),
  },
  {
    path: '/event/:id',
    head: pageHead(
      'Event',
      'Event dates, venue, price and booking.',
      'agri-food event Kenya, food safety workshop booking',
    ),
    load: () => import('./pages/event/event-page'),
  },
];
