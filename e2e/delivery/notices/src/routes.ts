import type { PageRoute } from '@agri/ui/federation';

export const routes: PageRoute[] = [
  {
    path: '/notices',
    head: { title: 'Notices', description: 'Notices to farmers and trainees.', keywords: 'notices' },
    load: () => import('./notices-page'),
  },
];
