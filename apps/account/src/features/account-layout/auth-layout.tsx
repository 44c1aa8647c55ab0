import type { ReactNode } from 'react';
import { Link } from '@agri/ui/router';
import '../../styles/account.css';

/** A page for signed-out visitors (log in, register, password reset): one centred card. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="page-section auth-page">
      <div className="container">
        <div className="auth-card ui-card">
          <h1>{title}</h1>
          {intro ? <div className="auth-card__intro">{intro}</div> : null}
          {children}
        </div>
      </div>
    </section>
  );
}

/** A way on from an auth card, e.g. 'New here? Create an account'. */
export function AuthLink({ lead, to, children }: { lead?: string; to: string; children: ReactNode }) {
  return (
    <p className="auth-card__links">
      {lead ? `${lead} ` : null}
      <Link to={to}>{children}</Link>
    </p>
  );
}
