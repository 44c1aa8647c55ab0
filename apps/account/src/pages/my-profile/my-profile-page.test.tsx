import { saveAddress, useSession } from '@agri/api-client';
import { apiUrl, delayedResponse, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { expectStillLoading, renderPage } from '@agri/ui/testing';
import MyProfilePage from './my-profile-page';

const server = startMockApi();

const detailOf = (section: string, label: string) => {
  const region = screen.getByRole('region', { name: section });
  return within(region).getByText(label).nextElementSibling;
};

describe('MyProfilePage', () => {
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

  it("reads a server's address list, in the profile page's own field names", async () => {
    signInForTests();
    const saved = {
      firstName: 'Amina',
      region: 'Kenya',
      address: 'Moi Avenue 12',
      town: 'Nakuru',
      phone: '+254 712 345 678',
      updatedAt: '2026-06-01T00:00:00Z',
    };
    server.use(http.get(apiUrl('user/get-address'), () => HttpResponse.json([{ ...saved, town: 'Thika', updatedAt: '2026-01-01T00:00:00Z' }, saved])));
    renderPage(<MyProfilePage />, { route: '/my-profile' });
    await waitFor(() => expect(detailOf('Shipping Information', 'Town / Area')).toHaveTextContent('Nakuru'));
    expect(detailOf('Shipping Information', 'Region')).toHaveTextContent('Kenya');
    expect(detailOf('Shipping Information', 'Phone')).toHaveTextContent('+254 712 345 678');
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
    expectStillLoading('Loading your shipping information');
    await waitFor(() => expect(detailOf('Shipping Information', 'Region')).toHaveTextContent('None'));
  });

  it('shows why the shipping information failed, with a retry', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/get-address', { status: 500 }));
    const { user } = renderPage(<MyProfilePage />, { route: '/my-profile' });
    expect(await screen.findByRole('alert', { name: 'Shipping information unavailable' })).toHaveTextContent('Error getting address');
    // Only the shipping part failed: the account details are all there.
    expect(detailOf('Account Details', 'Email')).toHaveTextContent(fixtures.customer.email);
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

  it('links to Change Password and logs out everywhere, then opens the log-in page', async () => {
    signInForTests();
    let everywhere = false;
    server.use(http.post(apiUrl('user/logout-everywhere'), () => ((everywhere = true), HttpResponse.json({ message: 'Logged out on every device' }))));
    const { user } = renderPage(<MyProfilePage />, { route: '/my-profile' });
    const security = screen.getByRole('region', { name: 'Security' });
    expect(within(security).getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
    await user.click(within(security).getByRole('button', { name: 'Log Out Everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(everywhere).toBe(true);
    expect(useSession.getState().customer).toBeNull();
    expect(await screen.findByText('User Logged Out Successfully')).toBeInTheDocument();
  });
});
