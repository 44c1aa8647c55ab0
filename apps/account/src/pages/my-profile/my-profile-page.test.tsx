import { saveAddress, useSession } from '@agri/api-client';
import { delayedResponse, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../testing/render-page';
import MyProfilePage from './my-profile-page';

const server = startMockApi();

const detailOf = (section: string, label: string) => {
  const region = screen.getByRole('region', { name: section });
  return within(region).getByText(label).nextElementSibling;
};

describe('MyProfilePage', () => {
  it('sends a signed-out visitor to log in and back', async () => {
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=%2Fmy-profile$/));
  });

  it("shows the customer's details and 'None' for an unsaved shipping address", async () => {
    signInForTests();
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    expect(detailOf('Account Details', 'User ID')).toHaveTextContent(fixtures.customer._id);
    expect(detailOf('Account Details', 'Full Name')).toHaveTextContent(`${fixtures.customer.firstname} ${fixtures.customer.lastname}`);
    expect(detailOf('Account Details', 'Email')).toHaveTextContent(fixtures.customer.email);
    await waitFor(() => expect(detailOf('Shipping Information', 'Region')).toHaveTextContent('None'));
    for (const label of ['First Name', 'Address', 'Town / Area', 'Phone', 'Additional Number']) {
      expect(detailOf('Shipping Information', label)).toHaveTextContent('None');
    }
  });

  it('shows the saved shipping address', async () => {
    signInForTests();
    await saveAddress(fixtures.address);
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    await waitFor(() => expect(detailOf('Shipping Information', 'Region')).toHaveTextContent('Kenya'));
    expect(detailOf('Shipping Information', 'Address')).toHaveTextContent(fixtures.address.address);
    expect(detailOf('Shipping Information', 'Town / Area')).toHaveTextContent(fixtures.address.area);
  });

  it('links each section to its edit page', () => {
    signInForTests();
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.getByRole('link', { name: 'Edit shipping address' })).toHaveAttribute('href', '/address');
  });

  it('shows the shipping information loading', async () => {
    signInForTests();
    server.use(delayedResponse('get', 'user/get-address', 100));
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    expect(screen.getByText('Loading your shipping information')).toBeInTheDocument();
    await waitFor(() => expect(detailOf('Shipping Information', 'Region')).toHaveTextContent('None'));
  });

  it('shows why the shipping information failed, with a retry', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/get-address', { status: 500 }));
    const { user } = renderPage(<MyProfilePage />, { route: '/my-profile' });
    expect(await screen.findByRole('alert', { name: 'Shipping information unavailable' })).toHaveTextContent('Error getting address');
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(detailOf('Shipping Information', 'Region')).toHaveTextContent('None'));
  });

  it('logs out: the session is cleared and the visitor goes home', async () => {
    signInForTests();
    const { user } = renderPage(<MyProfilePage />, { route: '/my-profile' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('User Logged Out Successfully')).toBeInTheDocument();
    expect(useSession.getState().customer).toBeNull();
    expect(localStorage.getItem('customer')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("says 'Logout failed: ' and why, keeping the customer signed in", async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/logout', { status: 500 }));
    const { user } = renderPage(<MyProfilePage />, { route: '/my-profile' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed: Error logging out')).toBeInTheDocument();
    expect(useSession.getState().customer).not.toBeNull();
  });

  it('sends the customer to log in when the token is rejected', async () => {
    signInForTests({ ...fixtures.storedCustomer, token: 'expired-token' });
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    await waitFor(() => expect(useSession.getState().customer).toBeNull());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=%2Fmy-profile$/));
  });
});
