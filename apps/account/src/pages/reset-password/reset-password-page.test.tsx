import { startMockApi } from '@agri/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import ResetPasswordPage from './reset-password-page';

startMockApi();

type User = ReturnType<typeof renderPage>['user'];

async function choose(user: User, password: string, confirmation: string) {
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await submitForm(user, 'Update Password');
}

const open = (token: string) => renderPage(<ResetPasswordPage />, { route: `/reset-password/${token}`, path: '/reset-password/:token' });

describe('ResetPasswordPage', () => {
  it('asks for a new password and its confirmation', async () => {
    const { user } = open('good-token');
    await choose(user, '', '');
    await expectMessages('Password is Required', 'Please confirm your new password');
  });

  it('needs 8 characters and two equal passwords', async () => {
    const { user } = open('good-token');
    await choose(user, 'short', 'shorter');
    await expectMessages('Password must be at least 8 characters', 'The two passwords do not match');
  });

  it('refuses a common password with a clear message', async () => {
    const { user } = open('good-token');
    await choose(user, 'iloveyou', 'iloveyou');
    expect(await screen.findByText('This password is too easy to guess. Please choose another.')).toBeInTheDocument();
  });

  it('updates the password and opens the log-in page', async () => {
    const { user } = open('good-token');
    await choose(user, 'NewHarvest2025', 'NewHarvest2025');
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });

  it("says 'Something Went Wrong!' for an expired link", async () => {
    const { user } = open('expired');
    await choose(user, 'NewHarvest2025', 'NewHarvest2025');
    await waitFor(() => expect(screen.getAllByText('Something Went Wrong!')).toHaveLength(2));
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password/expired');
  });
});
