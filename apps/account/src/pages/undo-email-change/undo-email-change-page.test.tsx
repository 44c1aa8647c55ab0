import { useSession } from '@agri/api-client';
import { fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { screen } from '@testing-library/react';
import { renderPage } from '@agri/ui/testing';
import UndoEmailChangePage from './undo-email-change-page';

startMockApi();

const open = (token: string) => renderPage(<UndoEmailChangePage />, { route: `/undo-email-change/${token}`, path: '/undo-email-change/:token' });

describe('UndoEmailChangePage', () => {
  it('changes nothing until the button is pressed, then says what happened, signs this browser out and points to a new password', async () => {
    signInForTests();
    const { user } = open(fixtures.emailChangeToken);
    expect(screen.getByRole('heading', { name: 'Undo the Email Change' })).toBeInTheDocument();
    expect(useSession.getState().customer).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo Email Change' }));
    expect(await screen.findByRole('heading', { name: 'Email Change Undone' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Your account's email is ${fixtures.customer.email}`);
    expect(useSession.getState().customer).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so when the link is invalid or has expired', async () => {
    const { user } = open('made-up-token');
    await user.click(screen.getByRole('button', { name: 'Undo Email Change' }));
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
  });
});
