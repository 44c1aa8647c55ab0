import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession } from '@agri/api-client/staff';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import LoginPage from './login-page';

const server = startMockApi();
const staff = { id: 'staff-1', email: 'akinyi@mavuno.test', role: 'staff' };

afterEach(() => {
  useStaffSession.setState({ token: null, staff: null });
  sessionStorage.clear();
});

const passwordStep = (answer: () => Response) => server.use(http.post(`${TEST_API_BASE_URL}staff/session`, answer));

const typeCredentials = (user: ReturnType<typeof renderPage>['user'], password = 'Back-office-2026!') =>
  submitForm(user, 'Continue', { Email: staff.email, Password: password });

describe('LoginPage', () => {
  it("asks for the email and password with the contract's messages", async () => {
    const { user } = renderPage(<LoginPage />, { route: '/staff/login' });
    await submitForm(user, 'Continue');
    await expectMessages('Email is Required', 'Password is Required');
  });

  it('says why a sign-in failed and keeps what was typed', async () => {
    passwordStep(() => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 }));
    const { user } = renderPage(<LoginPage />, { route: '/staff/login' });
    await typeCredentials(user, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Email')).toHaveValue(staff.email);
  });

  it('asks for the code, then signs in and goes back where the member was going', async () => {
    passwordStep(() => HttpResponse.json({ stage: 'second-factor', token: 'step-token' }));
    let sent: { authorization: string | null; body: unknown } | null = null;
    server.use(
      http.post(`${TEST_API_BASE_URL}staff/session/second-factor`, async ({ request }) => {
        sent = { authorization: request.headers.get('Authorization'), body: await request.json() };
        return HttpResponse.json({ stage: 'signed-in', token: 'session-token', staff });
      }),
    );
    const { user } = renderPage(<LoginPage />, { route: '/staff/login?next=%2Fstaff%2Forders' });
    await typeCredentials(user);
    await user.type(await screen.findByLabelText('The 6-digit code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/orders$/));
    expect(sent).toEqual({ authorization: 'Bearer step-token', body: { code: '123456' } });
    expect(useStaffSession.getState()).toMatchObject({ token: 'session-token', staff });
  });

  it('takes a recovery code instead, and never sends a member off the back office', async () => {
    passwordStep(() => HttpResponse.json({ stage: 'second-factor', token: 'step-token' }));
    let body: unknown = null;
    server.use(
      http.post(`${TEST_API_BASE_URL}staff/session/second-factor`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ stage: 'signed-in', token: 'session-token', staff });
      }),
    );
    const { user } = renderPage(<LoginPage />, { route: '/staff/login?next=https%3A%2F%2Fevil.test' });
    await typeCredentials(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/leads$/));
    expect(body).toEqual({ recoveryCode: 'abcd-efgh-jkmn' });
  });

  it("shows the server's word to a member whose authenticator is not set up, and asks for no code", async () => {
    const unfinished =
      'Your authenticator is not set up. Finish the setup in the browser where you accepted your invitation, or ask an admin to reset your second factor.';
    passwordStep(() => HttpResponse.json({ message: unfinished }, { status: 403 }));
    const { user } = renderPage(<LoginPage />, { route: '/staff/login' });
    await typeCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(unfinished);
    expect(screen.queryByLabelText(/code/)).not.toBeInTheDocument();
  });
});
