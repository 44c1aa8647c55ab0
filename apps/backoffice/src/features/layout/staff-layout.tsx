import type { ReactNode } from 'react';
import { NavLink, useNavigate } from '@agri/ui/router';
import { messageOf } from '@agri/api-client';
import { signOut, signOutEverywhere, useStaffSession } from '@agri/api-client/staff';
import { toast } from '@agri/ui';
import './staff.css';

const SECTIONS = [
  { to: '/staff/leads', label: 'Inbox' },
  { to: '/staff/orders', label: 'Orders' },
  { to: '/staff/payments', label: 'Payments' },
  { to: '/staff/content', label: 'Publishing' },
  { to: '/staff/pictures', label: 'Pictures' },
] as const;
const ADMIN_SECTIONS = [
  { to: '/staff/team', label: 'Team' },
  { to: '/staff/audit', label: 'Audit log' },
] as const;

/** The back office's own working layout: a bar with the sections and the member, then the page. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const staff = useStaffSession((state) => state.staff);
  const navigate = useNavigate();
  const sections = staff?.role === 'admin' ? [...SECTIONS, ...ADMIN_SECTIONS] : SECTIONS;
  const leave = async () => {
    try {
      await signOut();
    } catch {
      // Signed out here all the same; the server ends the session at its idle timeout.
    }
    toast.info('Signed out');
    void navigate('/staff/login');
  };
  const leaveEverywhere = async () => {
    try {
      await signOutEverywhere();
    } catch (error) {
      // Still signed in, here and elsewhere: the member must know it did not happen.
      toast.error(messageOf(error, 'Could not sign out everywhere'));
      return;
    }
    toast.info('Signed out on every device');
    void navigate('/staff/login');
  };
  return (
    <div className="staff">
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      <header className="staff-bar">
        <span className="staff-bar__name">Mavuno back office</span>
        <nav aria-label="Back office" className="staff-nav">
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} className="staff-nav__link">
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className="staff-bar__member">
          <span className="staff-bar__email">{staff?.email}</span>
          <button type="button" className="ui-button ui-button--ghost staff-bar__out" onClick={() => void leave()}>
            Sign out
          </button>
          <button type="button" className="ui-button ui-button--ghost staff-bar__out" onClick={() => void leaveEverywhere()}>
            Sign out everywhere
          </button>
        </div>
      </header>
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The frame of the pages before sign-in: the name, then a narrow card. */
export function StaffDoor({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="staff staff--door">
      <header className="staff-bar">
        <span className="staff-bar__name">Mavuno back office</span>
      </header>
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        <section className="staff-card staff-door">
          <h1>{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
