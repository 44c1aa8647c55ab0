import { KEEPS_QUERY } from '@agri/ui/island-protocol';
import { Link } from '@agri/ui/router';
import type { ReactNode } from 'react';
import { usePageSearch } from '../session/page-search';
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

interface AuthLinkProps {
  lead?: string;
  to: string;
  /** Between log in and register: the way on keeps where the visitor was going (`?redirect=`). */
  keepsQuery?: boolean;
  children: ReactNode;
}

/** A way on from an auth card, e.g. 'New here? Create an account'. */
export function AuthLink({ lead, to, keepsQuery = false, children }: AuthLinkProps) {
  const search = usePageSearch();
  return (
    <p className="auth-card__links">
      {lead ? `${lead} ` : null}
      {keepsQuery ? (
        <Link to={`${to}${search}`} {...{ [KEEPS_QUERY]: '' }}>
          {children}
        </Link>
      ) : (
        <Link to={to}>{children}</Link>
      )}
    </p>
  );
}
