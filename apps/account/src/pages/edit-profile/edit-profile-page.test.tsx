import { useSession } from '@agri/api-client';
import { apiUrl, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import EditProfilePage from './edit-profile-page';

const server = startMockApi();
const fields = ['First Name', 'Last Name', 'Email Address', 'Phone Number'];

function open() {
  signInForTests();
  return renderPage(<EditProfilePage />, { route: '/edit-profile' });
}

/** The form, unlocked with the edit icon as the customer does before any change. */
async function openUnlocked() {
  const rendered = open();
  await rendered.user.click(screen.getByRole('button', { name: 'Edit profile details' }));
  return rendered;
}

describe('EditProfilePage', () => {
  it('starts locked with the stored details and no Save', () => {
    open();
    for (const label of fields) expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First Name')).toHaveValue(fixtures.customer.firstname);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('712 345 678');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('unlocks with the edit icon and offers Save', async () => {
    await openUnlocked();
    for (const label of fields) expect(screen.getByLabelText(label)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveFocus());
  });

  it("shows the spec's message for every empty field", async () => {
    const { user } = await openUnlocked();
    for (const label of fields) await user.clear(screen.getByLabelText(label));
    await submitForm(user, 'Save');
    await expectMessages('First Name is Required', 'Last Name is Required', 'Email Address is Required', 'Mobile No is Required');
  });

  it("shows 'Email Should be valid' for a malformed email", async () => {
    const { user } = await openUnlocked();
    await user.clear(screen.getByLabelText('Email Address'));
    await submitForm(user, 'Save', { 'Email Address': 'wanjiku@' });
    expect(await screen.findByText('Email Should be valid')).toBeInTheDocument();
  });

  it('saves, keeps the _id and token, and locks again', async () => {
    const { user } = await openUnlocked();
    await user.clear(screen.getByLabelText('Last Name'));
    await submitForm(user, 'Save', { 'Last Name': 'Kamau-Njeri' });
    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Kamau-Njeri');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(useSession.getState().customer).toMatchObject({
      _id: fixtures.customer._id,
      token: fixtures.token,
      lastname: 'Kamau-Njeri',
    });
  });

  it('says where the link to confirm a new email went, keeping the old email until then', async () => {
    const pendingEmail = 'wanjiku.new@shambafresh.co.ke';
    const message = `Profile saved. We sent a link to ${pendingEmail}: your email changes when you follow it.`;
    server.use(http.put(apiUrl('user/edit-user'), () => HttpResponse.json({ ...fixtures.customer, pendingEmail, message })));
    const { user } = await openUnlocked();
    await user.clear(screen.getByLabelText('Email Address'));
    await submitForm(user, 'Save', { 'Email Address': pendingEmail, 'Current Password': fixtures.password });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue(fixtures.customer.email);
    expect(useSession.getState().customer?.email).toBe(fixtures.customer.email);
  });

  it('asks for the current password only when the email changes, and says when it is missing or wrong', async () => {
    const { user } = await openUnlocked();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'wanjiku.moved@shambafresh.co.ke');
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('type', 'password');
    await submitForm(user, 'Save');
    expect(await screen.findByText('Enter your current password to change your email.')).toBeInTheDocument();

    await submitForm(user, 'Save', { 'Current Password': 'not-the-password' });
    await waitFor(() => expect(screen.getAllByText('Your current password is not correct.')).toHaveLength(2));
    expect(screen.getByLabelText('Email Address')).toHaveValue('wanjiku.moved@shambafresh.co.ke');
    expect(useSession.getState().customer?.email).toBe(fixtures.customer.email);
  });

  it("says 'Something Went Wrong!' and stays editable when saving fails", async () => {
    server.use(errorResponse('put', 'user/edit-user', { status: 500, message: 'Database unavailable' }));
    const { user } = await openUnlocked();
    await submitForm(user, 'Save', { 'First Name': 'a' });
    await waitFor(() => expect(screen.getAllByText('Something Went Wrong!')).toHaveLength(2));
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('First Name')).toHaveValue(`${fixtures.customer.firstname}a`);
  });

  it('cancelling restores the stored details and locks', async () => {
    const { user } = await openUnlocked();
    await user.type(screen.getByLabelText('First Name'), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('First Name')).toHaveValue(fixtures.customer.firstname);
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
  });
});
