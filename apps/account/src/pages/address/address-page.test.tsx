import { getAddress, KENYA, saveAddress } from '@agri/api-client';
import { apiUrl, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { expectMessages, expectStillLoading, renderPage, submitForm } from '@agri/ui/testing';
import AddressPage from './address-page';

const server = startMockApi();

async function open(route = '/address') {
  signInForTests();
  const rendered = renderPage(<AddressPage />, { route, path: '/address' });
  await screen.findByRole('button', { name: 'Save Address' });
  return rendered;
}

describe('AddressPage', () => {
  it('shows that the saved address is loading, with a Back link', () => {
    signInForTests();
    renderPage(<AddressPage />, { route: '/address' });
    expectStillLoading('Loading your saved address');
    expect(screen.getByRole('link', { name: 'Back to My Profile' })).toHaveAttribute('href', '/my-profile');
  });

  it("shows the spec's message for every required field", async () => {
    const { user } = await open();
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.clear(screen.getByLabelText('Phone Number'));
    await submitForm(user, 'Save Address');
    await expectMessages(
      'First Name is Required',
      'Last Name is Required',
      'County is Required',
      'Address Details are Required',
      'Area is Required',
      'Phone Number is Required',
    );
  });

  it('accepts digits only as the phone number, after the + 254 prefix', async () => {
    const { user } = await open();
    await user.clear(screen.getByLabelText('Phone Number'));
    await submitForm(user, 'Save Address', { 'Phone Number': '07x2' });
    expect(await screen.findByText('Phone Number is Required')).toBeInTheDocument();
    expect(screen.getAllByText('+ 254')).toHaveLength(2);
  });

  it('offers Kenya as the county and saves the address', async () => {
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('County'), 'Kenya');
    await submitForm(user, 'Save Address', { Address: 'Kenyatta Avenue, Mavuno Plaza', Area: 'Nakuru Town' });
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
    await submitForm(user, 'Save Address');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
  });

  it("shows the server's message when saving fails, keeping the form", async () => {
    server.use(errorResponse('put', 'user/add-address', { status: 400, message: 'We do not deliver to that area yet' }));
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('County'), 'Kenya');
    await submitForm(user, 'Save Address', { Address: 'Kenyatta Avenue', Area: 'Lodwar' });
    await waitFor(() => expect(screen.getAllByText('We do not deliver to that area yet')).toHaveLength(2));
    expect(screen.getByLabelText('Area')).toHaveValue('Lodwar');
  });

  it('stays usable when the saved address cannot be read: a notice, a retry, and the typed address is kept', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/get-address', { status: 500 }));
    const { user } = renderPage(<AddressPage />, { route: '/address' });
    expect(
      await screen.findByText('Your saved address could not be loaded (Error getting address). You can still enter an address below.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'Kenyatta Avenue');
    // The retry fails again: the notice stays and the typed text is still there.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Your saved address could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByLabelText('Address')).toHaveValue('Kenyatta Avenue');
    // The customer can save an address all the same.
    await user.selectOptions(screen.getByLabelText('County'), 'Kenya');
    await submitForm(user, 'Save Address', { Area: 'Nakuru Town' });
    expect(await screen.findByText('Address Saved Successfully')).toBeInTheDocument();
  });

  it('fills the form when a retry finds the saved address, if nothing was typed yet', async () => {
    signInForTests();
    await saveAddress(fixtures.address);
    server.use(errorResponse('get', 'user/get-address', { status: 503, once: true }));
    const { user } = renderPage(<AddressPage />, { route: '/address' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue(fixtures.address.address));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('reads a first-time customer whose server answers an empty address list', async () => {
    server.use(http.get(apiUrl('user/get-address'), () => HttpResponse.json([])));
    await open();
    expect(screen.getByLabelText('First Name')).toHaveValue(fixtures.customer.firstname);
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
