import type { PageRoute } from '@agri/ui/federation';

/**
 * Every back-office page: in its own working layout, kept out of search engines, never prerendered; at one
 * address, or at several for one page (the inbox is also the back office's front page; publishing opens on
 * its first kind or on the one in the address).
 */
const staffPage = (paths: string | string[], title: string, load: PageRoute['load']): PageRoute[] =>
  [paths].flat().map((path) => ({
    path,
    head: { title: `${title} | Mavuno back office`, description: 'The business’s back office.', keywords: '', noindex: true },
    load,
    frame: 'own',
  }));

/** The back office's pages; the shell mounts them without the public frame (`frame: 'own'`). */
export const routes: PageRoute[] = [
  staffPage(['/staff', '/staff/leads'], 'Inbox', () => import('./pages/leads/leads-route')),
  staffPage('/staff/login', 'Sign in', () => import('./pages/login/login-page')),
  staffPage('/staff/invitation/:token', 'Welcome', () => import('./pages/invitation/invitation-page')),
  staffPage('/staff/leads/:id', 'Lead', () => import('./pages/lead/lead-route')),
  staffPage('/staff/orders', 'Orders', () => import('./pages/orders/orders-route')),
  staffPage('/staff/orders/:id', 'Order', () => import('./pages/order/order-route')),
  staffPage('/staff/payments', 'Payments', () => import('./pages/payments/payments-route')),
  staffPage(['/staff/content', '/staff/content/:kind'], 'Publishing', () => import('./pages/content/content-route')),
  staffPage('/staff/content/:kind/:id', 'Publishing', () => import('./pages/content-editor/content-editor-route')),
  staffPage('/staff/pictures', 'Pictures', () => import('./pages/pictures/pictures-route')),
  staffPage('/staff/team', 'Team', () => import('./pages/team/team-route')),
  staffPage('/staff/audit', 'Audit log', () => import('./pages/audit/audit-route')),
].flat();
