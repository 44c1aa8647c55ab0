import { http, HttpResponse } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { getLeads, useStaffSession } from '@agri/api-client/staff';
import { renderRoutes } from '@agri/ui/testing';
import { signedIn } from './signed-in';

const server = startMockApi();
const Page = () => <h1>The page</h1>;
const signInAs = (role: 'staff' | 'admin') => useStaffSession.setState({ token: 'session-token', staff: { id: 's1', email: 'wanjiru@mavuno.test', role } });

afterEach(() => useStaffSession.setState({ token: null, staff: null }));

describe('signedIn', () => {
  it('sends a visitor to sign in, with the way back', async () => {
    const Guarded = signedIn(Page);
    renderRoutes({ '/staff/orders': <Guarded /> }, '/staff/orders?status=new');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/staff/login?next=%2Fstaff%2Forders%3Fstatus%3Dnew'));
  });

  it('shows the page in the staff layout, with the admin sections for admins only', () => {
    const Guarded = signedIn(Page);
    signInAs('staff');
    renderRoutes({ '/staff/leads': <Guarded /> }, '/staff/leads');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(nav).toHaveTextContent('InboxOrdersPaymentsPublishing');
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('tells a member of staff that an admin page is for admins', () => {
    const Guarded = signedIn(Page, 'admin');
    signInAs('staff');
    renderRoutes({ '/staff/team': <Guarded /> }, '/staff/team');
    expect(screen.getByRole('heading', { name: 'For admins only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The page' })).not.toBeInTheDocument();
  });

  it('goes to sign-in when the server ends the session', async () => {
    server.use(
      http.get(`${TEST_API_BASE_URL}staff/leads`, () => HttpResponse.json({ message: 'Your session has ended. Please sign in again.' }, { status: 401 })),
    );
    const Guarded = signedIn(Page);
    signInAs('staff');
    renderRoutes({ '/staff/leads': <Guarded /> }, '/staff/leads');
    // A call of the page, answered 401: the session is over.
    await act(() => expect(getLeads()).rejects.toThrow('Your session has ended. Please sign in again.'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/login/));
    expect(useStaffSession.getState().token).toBeNull();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('signs out everywhere: the server ends every session, then this one goes to sign-in', async () => {
    let ended = 0;
    server.use(
      http.delete(`${TEST_API_BASE_URL}staff/sessions`, () => {
        ended += 1;
        return HttpResponse.json({ message: 'Signed out everywhere' });
      }),
    );
    const Guarded = signedIn(Page);
    signInAs('staff');
    const { user } = renderRoutes({ '/staff/leads': <Guarded /> }, '/staff/leads');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/login$/));
    expect(ended).toBe(1);
    expect(useStaffSession.getState().token).toBeNull();
  });

  it('stays signed in and says so when signing out everywhere did not reach the server', async () => {
    server.use(http.delete(`${TEST_API_BASE_URL}staff/sessions`, () => HttpResponse.error()));
    const Guarded = signedIn(Page);
    signInAs('staff');
    const { user } = renderRoutes({ '/staff/leads': <Guarded /> }, '/staff/leads');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The server cannot be reached. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/leads$/);
    expect(useStaffSession.getState().token).toBe('session-token');
  });
});
