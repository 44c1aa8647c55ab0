import { Button, LinkList, useLogOut } from '@agri/ui';
import type { ReactNode } from 'react';
import { useNavigate } from '@agri/ui/router';
import { RequireCustomer } from '../session/require-customer';
import '../../styles/account.css';

const accountLinks = [
  { to: '/my-profile', label: 'My Profile' },
  { to: '/my-orders', label: 'My Orders' },
  { to: '/cart', label: 'Cart' },
  { to: '/address', label: 'Shipping Address' },
];

function AccountNav() {
  const navigate = useNavigate();
  const { logOut, isLoggingOut } = useLogOut(() => void navigate('/', { replace: true }));
  return (
    <nav className="account-nav" aria-label="My Account">
      <LinkList links={accountLinks} marksCurrent />
      <Button variant="ghost" className="account-nav__logout" onClick={() => void logOut()} disabled={isLoggingOut}>
        {isLoggingOut ? 'Logging out...' : 'Logout'}
      </Button>
    </nav>
  );
}

/** A signed-in customer's page: the guard, the page title and the My Account menu. */
export function AccountLayout({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <RequireCustomer>
      <section className="page-section account-page">
        <div className="container account-page__grid">
          <AccountNav />
          <div className="account-page__main">
            <h1>{title}</h1>
            {intro ? <p className="account-page__intro">{intro}</p> : null}
            {children}
          </div>
        </div>
      </section>
    </RequireCustomer>
  );
}
