import { errorResponse, startMockApi } from '@agri/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import ForgotPasswordPage from './forgot-password-page';

const server = startMockApi();

describe('ForgotPasswordPage', () => {
  it('asks for a valid email', async () => {
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password' });
    await submitForm(user, 'Send Reset Link');
    await expectMessages('Email Address is Required');
    await submitForm(user, 'Send Reset Link', { 'Email Address': 'not-an-email' });
    await expectMessages('Email Should be valid');
  });

  it('tells the customer to check their email', async () => {
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password' });
    await submitForm(user, 'Send Reset Link', { 'Email Address': 'wanjiku@shambafresh.co.ke' });
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('wanjiku@shambafresh.co.ke')).toBeInTheDocument();
  });

  it("shows the server's message when the link could not be sent", async () => {
    server.use(errorResponse('post', 'user/forgot-password-token', { status: 429, message: 'Too many requests, try again later' }));
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password' });
    await submitForm(user, 'Send Reset Link', { 'Email Address': 'wanjiku@shambafresh.co.ke' });
    await waitFor(() => expect(screen.getAllByText('Too many requests, try again later')).toHaveLength(2));
    expect(screen.getByLabelText('Email Address')).toHaveValue('wanjiku@shambafresh.co.ke');
  });
});
