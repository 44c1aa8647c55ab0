import { useEffect, type ComponentType } from 'react';
import { toast } from '@agri/ui';
import { Navigate, useLocation, useNavigate } from '@agri/ui/router';
import { onStaffSessionEnded, useStaffSession, type StaffRole } from '@agri/api-client/staff';
import { StaffLayout } from '../layout/staff-layout';

/** Where sign-in sends a member back to. */
export const signInPathFor = (path: string) => `/staff/login?next=${encodeURIComponent(path)}`;

function AdminsOnly() {
  return (
    <section className="staff-panel" role="alert">
      <h1>For admins only</h1>
      <p>Ask an admin if you need this.</p>
    </section>
  );
}

/**
 * A back-office page for a signed-in member (and, with `role: 'admin'`, for admins): inside the staff layout,
 * or off to sign-in and back. The server checks again on every call; this only spares a member a page of
 * refusals. When the server ends the session (idle, removed), the member is sent to sign in.
 */
export function signedIn(Page: ComponentType, role: StaffRole = 'staff'): ComponentType {
  return function SignedInPage() {
    const staff = useStaffSession((state) => state.staff);
    const { pathname, search } = useLocation();
    const navigate = useNavigate();
    useEffect(
      () =>
        onStaffSessionEnded((message) => {
          toast.info(message);
          void navigate(signInPathFor(window.location.pathname + window.location.search));
        }),
      [navigate],
    );
    if (!staff) return <Navigate to={signInPathFor(pathname + search)} replace />;
    return <StaffLayout>{role === 'admin' && staff.role !== 'admin' ? <AdminsOnly /> : <Page />}</StaffLayout>;
  };
}
