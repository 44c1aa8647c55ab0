import { getAddress, KENYA, saveAddress } from '@agri/api-client';
import { errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../testing/render-page';
import AddressPage from './address-page';

const server = startMockApi();

async function open(route = '/address') {
  signInForTests();
  const rendered = renderPage(<AddressPage />, { route, path: '/address' });
  await screen.findByRole('button', { name: 'Save Address' });
  return rendered;
}

describe('AddressPage', () => {
  it('sends a signed-out visitor to log in', async () => {
    renderPage(<AddressPage />, { route: '/address' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=%2Faddress$/));
  });

  it('shows that the saved address is loading, with a Back link', () => {
    signInForTests();
    renderPage(<AddressPage />, { route: '/address' });
    expect(screen.getByText('Loading your saved address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Profile' })).toHaveAttribute('href', '/my-profile');
  });

  it("shows the spec's message for every required field", async () => {
    const { user } = await open();
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('First Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is Required')).toBeInTheDocument();
    expect(screen.getByText('County is Required')).toBeInTheDocument();
    expect(screen.getByText('Address Details are Required')).toBeInTheDocument();
    expect(screen.getByText('Area is Required')).toBeInTheDocument();
    expect(screen.getByText('Phone Number is Required')).toBeInTheDocument();
  });

  it('accepts digits only as the phone number, after the + 254 prefix', async () => {
    const { user } = await open();
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '07x2');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Phone Number is Required')).toBeInTheDocument();
    expect(screen.getAllByText('+ 254')).toHaveLength(2);
  });

  it('offers Kenya as the county and saves the address', async () => {
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('County'), 'Kenya');
    await user.type(screen.getByLabelText('Address'), 'Kenyatta Avenue, Mavuno Plaza');
    await user.type(screen.getByLabelText('Area'), 'Nakuru Town');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address Saved Successfully')).toBeInTheDocument();
    await expect(getAddress()).resolves.toMatchObject({
      county: KENYA,
      firstName: fixtures.customer.firstname,
      area: 'Nakuru Town',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-profile$/));
  });

  it('fills in the saved address and returns to the cart when asked', async () => {
    signInForTests();
    await saveAddress(fixtures.address);
    const { user } = await open('/address?redirect=%2Fcart');
    expect(screen.getByLabelText('Address')).toHaveValue(fixtures.address.address);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
  });

  it("shows the server's message when saving fails, keeping the form", async () => {
    server.use(errorResponse('put', 'user/add-address', { status: 400, message: 'We do not deliver to that area yet' }));
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('County'), 'Kenya');
    await user.type(screen.getByLabelText('Address'), 'Kenyatta Avenue');
    await user.type(screen.getByLabelText('Area'), 'Lodwar');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findAllByText('We do not deliver to that area yet')).toHaveLength(2);
    expect(screen.getByLabelText('Area')).toHaveValue('Lodwar');
  });

  it('shows why the saved address could not be loaded', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/get-address', { status: 500 }));
    renderPage(<AddressPage />, { route: '/address' });
    expect(await screen.findByRole('alert', { name: 'Your address could not be loaded' })).toHaveTextContent('Error getting address');
  });
});
