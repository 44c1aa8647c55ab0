import { useSession } from '@agri/api-client';
import { fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { screen } from '@testing-library/react';
import { renderPage } from '@agri/ui/testing';
import ConfirmEmailPage from './confirm-email-page';

startMockApi();

const open = (token: string) => renderPage(<ConfirmEmailPage />, { route: `/confirm-email/${token}`, path: '/confirm-email/:token' });

describe('ConfirmEmailPage', () => {
  it('changes nothing until the button is pressed, then shows the new email in the signed-in session', async () => {
    signInForTests();
    const { user } = open(fixtures.emailChangeToken);
    expect(screen.getByRole('heading', { name: 'Confirm Your New Email' })).toBeInTheDocument();
    expect(useSession.getState().customer?.email).toBe(fixtures.customer.email);
    await user.click(screen.getByRole('button', { name: 'Confirm New Email' }));
    expect(await screen.findByRole('heading', { name: 'Email Updated' })).toBeInTheDocument();
    expect(screen.getByText(fixtures.newEmail)).toBeInTheDocument();
    expect(useSession.getState().customer).toMatchObject({ email: fixtures.newEmail, token: fixtures.token });
  });

  it('says so when the link is invalid or has expired, and offers to start again', async () => {
    const { user } = open('made-up-token');
    await user.click(screen.getByRole('button', { name: 'Confirm New Email' }));
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your email again' })).toHaveAttribute('href', '/edit-profile');
  });
});
