import type { PageRoute } from '@agri/ui/federation';

const SITE = 'Mavuno Agri-Food Consultants';

/** The catalog remote's pages; the shell mounts them in the site frame. */
export const routes: PageRoute[] = [
  {
    path: '/courses',
    head: {
      title: `Courses | ${SITE}`,
      description: 'Agri-food training courses in Kenya: ISO 22000, HACCP, food safety, product development and more.',
      keywords: 'food safety courses Kenya, ISO 22000 training, HACCP training',
    },
    load: () => import('./pages/courses/courses-page'),
  },
  {
    path: '/course/:id',
    head: {
      title: `Course | ${SITE}`,
      description: 'Course details, price and how to request a call from our training team.',
      keywords: 'agri-food course Kenya, food safety training, ISO training',
    },
    load: () => import('./pages/course/course-page'),
  },
  {
    path: '/events',
    head: {
      title: `Upcoming Events | ${SITE}`,
      description: 'Food safety forums, HACCP bootcamps and agri-food workshops across Kenya. Book your seat.',
      keywords: 'food safety forum Kenya, agri-food events, HACCP bootcamp',
    },
    load: () => import('./pages/events/events-page'),
  },
  {
    path: '/event/:id',
    head: {
      title: `Event | ${SITE}`,
      description: 'Event dates, venue, price and booking.',
      keywords: 'agri-food event Kenya, food safety workshop booking',
    },
    load: () => import('./pages/event/event-page'),
  },
];
