import type { PageRoute } from '@agri/ui';

/** The content remote's pages; the shell mounts them in the site frame. */
export const routes: PageRoute[] = [
  {
    path: '/',
    head: {
      title: 'Mavuno Agri-Food Consultants | Agri-Food Training & Consultancy in Kenya',
      description:
        'Expert agri-food training and consultancy in Kenya: ISO 22000, HACCP, food safety, product development, market access and compliance.',
      keywords: 'agri-food training Kenya, food safety consultancy, ISO 22000, HACCP, market access',
    },
    load: () => import('./pages/home/home-page'),
  },
];
