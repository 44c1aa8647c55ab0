import { http, HttpResponse } from 'msw';
import { delayedResponse, errorResponse, fixtures, startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { COMMON_PASSWORD_MESSAGE, useSession } from '@agri/api-client';
import { screen, waitFor } from '@testing-library/react';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import RegisterPage from './register-page';

const server = startMockApi();
// Each test types a whole registration; give a busy machine room.
jest.setTimeout(15_000);
const newCustomer = { firstname: 'Achieng', lastname: 'Otieno', email: 'achieng@shambafresh.co.ke', mobile: '712345678', password: 'MavunoSafe2025' };

type User = ReturnType<typeof renderPage>['user'];

const fillDetails = (user: User, details: Partial<typeof newCustomer> = newCustomer) =>
  submitForm(user, 'Create Account', {
    'First Name': details.firstname,
    'Last Name': details.lastname,
    'Email Address': details.email,
    'Mobile Number': details.mobile,
    Password: details.password,
  });

/** The page at its second step: the details sent, the code asked for. */
async function openAtCodeStep(route = '/register') {
  const rendered = renderPage(<RegisterPage />, { route });
  await fillDetails(rendered.user);
  await screen.findByRole('heading', { name: 'Verify Your Email' });
  return rendered;
}

describe('RegisterPage: details', () => {
  it('names every missing field', async () => {
    const { user } = renderPage(<RegisterPage />, { route: '/register' });
    await submitForm(user, 'Create Account');
    await expectMessages('First Name is Required', 'Last Name is Required', 'Email Address is Required', 'Mobile No is Required', 'Password is Required');
  });

  it('checks the email, the mobile digits and the password length', async () => {
    const { user } = renderPage(<RegisterPage />, { route: '/register' });
    await fillDetails(user, { ...newCustomer, email: 'achieng@', mobile: '07-12', password: 'mavuno' });
    await expectMessages('Email Should be valid', 'Enter a Kenyan mobile number, such as 0712 345 678', 'Password must be at least 8 characters');
  });

  it("shows the '+ 254' prefix with the mobile number", () => {
    renderPage(<RegisterPage />, { route: '/register' });
    expect(screen.getByText('+ 254')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile Number')).toHaveAccessibleDescription('+ 254');
  });

  it('sends the code and asks for it', async () => {
    const { user } = renderPage(<RegisterPage />, { route: '/register' });
    await fillDetails(user);
    expect(await screen.findByText('OTP has been sent to your email')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText(newCustomer.email)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification Code (OTP)')).toHaveFocus();
  });

  it("shows the server's message when the registration fails, keeping the details", async () => {
    server.use(errorResponse('post', 'user/register', { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' }));
    const { user } = renderPage(<RegisterPage />, { route: '/register' });
    await fillDetails(user);
    await waitFor(() => expect(screen.getAllByText('Too many attempts. Please wait a few minutes and try again.')).toHaveLength(2));
    expect(screen.getByLabelText('First Name')).toHaveValue(newCustomer.firstname);
  });

  it('says why the server refused a common password (its list is not sent to the phone), keeping the details', async () => {
    const { user } = renderPage(<RegisterPage />, { route: '/register' });
    await fillDetails(user, { ...newCustomer, password: 'Password1' });
    await waitFor(() => expect(screen.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(2));
    expect(screen.getByLabelText('Password')).toHaveValue('Password1');
  });

  it('shows that the code is being sent', async () => {
    server.use(delayedResponse('post', 'user/register', 200));
    const { user } = renderPage(<RegisterPage />, { route: '/register' });
    await fillDetails(user);
    expect(await screen.findByRole('button', { name: 'Sending code...' })).toBeDisabled();
    expect(await screen.findByText('OTP has been sent to your email')).toBeInTheDocument();
  });
});

describe('RegisterPage: code', () => {
  it('asks for the 6-digit code', async () => {
    const { user } = await openAtCodeStep();
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('OTP is Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification Code (OTP)'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('OTP must be the 6 digits from your email')).toBeInTheDocument();
  });

  it('creates the account and signs the customer in with the password they chose, taking them where they were going', async () => {
    const logins: unknown[] = [];
    server.use(
      http.post(`${TEST_API_BASE_URL}user/login`, async ({ request }) => {
        logins.push(await request.json());
        return HttpResponse.json(fixtures.storedCustomer);
      }),
    );
    const { user } = await openAtCodeStep('/register?redirect=%2Fcart');
    await user.type(screen.getByLabelText('Verification Code (OTP)'), fixtures.otp);
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('User Has been Created Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
    expect(logins).toEqual([{ email: newCustomer.email, password: newCustomer.password }]);
    expect(useSession.getState().customer?.email).toBe(fixtures.customer.email);
  });

  it('opens the log-in page with the email when signing in fails: the account stands', async () => {
    const { user } = await openAtCodeStep('/register?redirect=%2Fcart');
    server.use(errorResponse('post', 'user/login', { status: 429, message: 'Too many attempts' }));
    await user.type(screen.getByLabelText('Verification Code (OTP)'), fixtures.otp);
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?redirect=%2Fcart$/));
  });

  it("says 'OTP verification failed' for a wrong code", async () => {
    const { user } = await openAtCodeStep();
    await user.type(screen.getByLabelText('Verification Code (OTP)'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(screen.getAllByText('OTP verification failed')).toHaveLength(2));
  });

  it('sends a new code, and the code field says nothing of being left empty for it', async () => {
    const { user } = await openAtCodeStep();
    expect(screen.getByLabelText('Verification Code (OTP)')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('OTP has been resent to your email')).toBeInTheDocument();
    expect(screen.queryByText('OTP is Required')).not.toBeInTheDocument();
    // By the keyboard too: the field is left for the button, then the button pressed.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByText('OTP has been resent to your email').length).toBeGreaterThan(1));
    expect(screen.queryByText('OTP is Required')).not.toBeInTheDocument();
  });

  it("says 'OTP resend failed' when no new code could be sent", async () => {
    const { user } = await openAtCodeStep();
    server.use(errorResponse('post', 'user/register', { status: 429, message: 'Too many requests' }));
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(screen.getAllByText('OTP resend failed')).toHaveLength(2));
  });

  it('goes back to the details with everything typed kept', async () => {
    const { user } = await openAtCodeStep();
    await user.click(screen.getByRole('button', { name: 'Change your details' }));
    expect(screen.getByLabelText('Email Address')).toHaveValue(newCustomer.email);
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('712 345 678');
  });
});
