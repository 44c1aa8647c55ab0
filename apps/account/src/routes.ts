import type { PageRoute } from '@agri/ui';

/** The account remote's pages; the shell mounts them in the site frame. */
export const routes: PageRoute[] = [
  {
    path: '/login',
    head: {
      title: 'Log In | Mavuno Agri-Food Consultants',
      description: 'Log in to your Mavuno Agri-Food account to manage your courses, cart and orders.',
      keywords: 'login, customer account',
    },
    load: () => import('./pages/login/login-page'),
  },
];
