import type { PageRoute } from '@agri/ui/federation';

/** Every back-office page: in its own working layout, kept out of search engines, never prerendered. */
const staffPage = (title: string, load: PageRoute['load']): Omit<PageRoute, 'path'> => ({
  head: { title: `${title} | Mavuno back office`, description: 'The business’s back office.', keywords: '', noindex: true },
  load,
  frame: 'own',
});

/** The back office's pages; the shell mounts them without the public frame (`frame: 'own'`). */
export const routes: PageRoute[] = [
  { path: '/staff', ...staffPage('Inbox', () => import('./pages/leads/leads-route')) },
  { path: '/staff/login', ...staffPage('Sign in', () => import('./pages/login/login-page')) },
  { path: '/staff/invitation/:token', ...staffPage('Welcome', () => import('./pages/invitation/invitation-page')) },
  { path: '/staff/leads', ...staffPage('Inbox', () => import('./pages/leads/leads-route')) },
  { path: '/staff/leads/:id', ...staffPage('Lead', () => import('./pages/lead/lead-route')) },
  { path: '/staff/orders', ...staffPage('Orders', () => import('./pages/orders/orders-route')) },
  { path: '/staff/orders/:id', ...staffPage('Order', () => import('./pages/order/order-route')) },
  { path: '/staff/content', ...staffPage('Publishing', () => import('./pages/content/content-route')) },
  { path: '/staff/content/:kind', ...staffPage('Publishing', () => import('./pages/content/content-route')) },
  { path: '/staff/content/:kind/:id', ...staffPage('Publishing', () => import('./pages/content-editor/content-editor-route')) },
  { path: '/staff/team', ...staffPage('Team', () => import('./pages/team/team-route')) },
  { path: '/staff/audit', ...staffPage('Audit log', () => import('./pages/audit/audit-route')) },
];
