import type { PageRoute } from '@agri/ui';

/** The catalog remote's pages; the shell mounts them in the site frame. */
export const routes: PageRoute[] = [
  {
    path: '/courses',
    head: {
      title: 'Courses | Mavuno Agri-Food Consultants',
      description: 'Agri-food training courses in Kenya: ISO 22000, HACCP, food safety, product development and more.',
      keywords: 'food safety courses Kenya, ISO 22000 training, HACCP training',
    },
    load: () => import('./pages/courses/courses-page'),
  },
];
