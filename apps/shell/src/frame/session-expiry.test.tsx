import { getCart, useSession } from '@agri/api-client';
import { fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { act, render, screen } from '@testing-library/react';
import { ToastArea } from '@agri/ui';
import { announceSessionExpiry } from './session-expiry';

startMockApi();

test('a rejected token signs the customer out and the frame says why, once', async () => {
  const stopAnnouncing = announceSessionExpiry();
  render(<ToastArea />);
  signInForTests({ ...fixtures.storedCustomer, token: 'expired-token' });

  // The rejection raises the toast, a React update.
  await act(async () => {
    await expect(getCart()).rejects.toThrow();
    await expect(getCart()).rejects.toThrow();
  });

  expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  expect(screen.getAllByText('Your session has expired. Please log in again.')).toHaveLength(1);
  expect(useSession.getState().customer).toBeNull();
  stopAnnouncing();
});
