import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession } from '@agri/api-client/staff';
import { renderPage, submitForm } from '@agri/ui/testing';
import InvitationPage from './invitation-page';

const server = startMockApi();
const staff = { id: 'staff-1', email: 'akinyi@mavuno.test', role: 'staff' };
const totp = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Mavuno:akinyi?secret=JBSWY3DPEHPK3PXP' };
const route = { route: '/staff/invitation/link-token', path: '/staff/invitation/:token' };

afterEach(() => {
  useStaffSession.setState({ token: null, staff: null });
  sessionStorage.clear();
});

/** The invitation as the API answers it: opened once, accepted once (the link works once). */
function invitation() {
  const calls = { opened: 0, accepted: 0, confirmedWith: [] as (string | null)[] };
  server.use(
    http.get(`${TEST_API_BASE_URL}staff/invitation/link-token`, () => {
      calls.opened += 1;
      return calls.accepted
        ? HttpResponse.json({ message: 'This invitation is invalid or has expired. Ask an admin for a new one.' }, { status: 404 })
        : HttpResponse.json({ email: staff.email });
    }),
    http.post(`${TEST_API_BASE_URL}staff/invitation/link-token`, () => {
      calls.accepted += 1;
      return HttpResponse.json({ stage: 'totp-setup', token: 'setup-token', totp });
    }),
    http.post(`${TEST_API_BASE_URL}staff/session/totp-setup`, ({ request }) => {
      calls.confirmedWith.push(request.headers.get('Authorization'));
      return HttpResponse.json({ token: 'session-token', staff, recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-${i}`) });
    }),
  );
  return calls;
}

const choosePassword = (user: ReturnType<typeof renderPage>['user']) =>
  submitForm(user, 'Continue', { Password: 'Back-office-2026!', 'Password again': 'Back-office-2026!' });

describe('InvitationPage', () => {
  it("sets the password, then the authenticator with the invitation's token, and shows the recovery codes once", async () => {
    const calls = invitation();
    const { user } = renderPage(<InvitationPage />, route);
    expect(await screen.findByText(staff.email)).toBeInTheDocument();
    await choosePassword(user);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText(totp.secret)).toBeInTheDocument();
    await user.type(screen.getByLabelText('The 6-digit code the app shows'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('The 6-digit code the app shows'));
    await user.type(screen.getByLabelText('The 6-digit code the app shows'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(10);
    expect(calls.confirmedWith).toEqual(['Bearer setup-token']);
    expect(useStaffSession.getState()).toMatchObject({ token: 'session-token', staff });
    await user.click(screen.getByRole('button', { name: 'I have kept them: continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/leads$/));
  });

  it('a reload of the tab goes on with the setup (the link no longer opens), until the code is confirmed', async () => {
    const calls = invitation();
    const first = renderPage(<InvitationPage />, route);
    await screen.findByText(staff.email);
    await choosePassword(first.user);
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    first.unmount();

    const { user, unmount } = renderPage(<InvitationPage />, route);
    expect(screen.getByText(totp.secret)).toBeInTheDocument();
    expect(calls.opened).toBe(1);
    await user.type(screen.getByLabelText('The 6-digit code the app shows'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(10);
    unmount();

    // Confirmed: the secret is not kept, and the used link says so.
    renderPage(<InvitationPage />, route);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation is invalid or has expired. Ask an admin for a new one.');
    expect(screen.queryByText(totp.secret)).not.toBeInTheDocument();
  });
});
