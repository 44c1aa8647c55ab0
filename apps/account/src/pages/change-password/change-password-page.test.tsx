import { COMMON_PASSWORD_MESSAGE, useSession } from '@agri/api-client';
import { apiUrl, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import ChangePasswordPage from './change-password-page';

const server = startMockApi();

type User = ReturnType<typeof renderPage>['user'];

async function change(user: User, current: string, password: string, confirmation = password) {
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await submitForm(user, 'Change Password');
}

const open = () => renderPage(<ChangePasswordPage />, { route: '/change-password' });

describe('ChangePasswordPage', () => {
  it('asks for the current password, a new one and its confirmation', async () => {
    signInForTests();
    const { user } = open();
    await change(user, '', '', '');
    await expectMessages('Current Password is Required', 'Password is Required', 'Please confirm your new password');
  });

  it('refuses two different new passwords before sending anything', async () => {
    signInForTests();
    let sent = false;
    server.use(http.put(apiUrl('user/change-password'), () => ((sent = true), HttpResponse.json({}))));
    const { user } = open();
    await change(user, fixtures.password, 'Maize-harvest-2027', 'Maize-harvest-2028');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('says why the server refused a common new password, and keeps what was typed', async () => {
    signInForTests();
    const { user } = open();
    await change(user, fixtures.password, 'Password1');
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE, { selector: '[role="alert"], [role="alert"] *' })).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveValue('Password1');
  });

  it('changes the password, keeps this session and opens My Profile', async () => {
    signInForTests();
    const { user } = open();
    await change(user, fixtures.password, 'Maize-harvest-2027');
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-profile$/));
    expect(useSession.getState().customer?.email).toBe(fixtures.customer.email);
  });

  it('says so when the current password is wrong, and keeps what was typed', async () => {
    signInForTests();
    const { user } = open();
    await change(user, 'not-the-password', 'Maize-harvest-2027');
    await waitFor(() => expect(screen.getAllByText('Your current password is not correct.')).toHaveLength(2));
    expect(screen.getByLabelText('New Password')).toHaveValue('Maize-harvest-2027');
    expect(screen.getByTestId('location')).toHaveTextContent('/change-password');
  });

  it("says 'Something Went Wrong!' when the server fails", async () => {
    signInForTests();
    server.use(errorResponse('put', 'user/change-password', { status: 500, message: 'Database unavailable' }));
    const { user } = open();
    await change(user, fixtures.password, 'Maize-harvest-2027');
    await waitFor(() => expect(screen.getAllByText('Something Went Wrong!')).toHaveLength(2));
  });
});
