import { useSession } from '@agri/api-client';
import { delayedResponse, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import LoginPage, { LoginCard } from './login-page';

const server = startMockApi();

const fillAndSubmit = (user: ReturnType<typeof renderPage>['user'], email: string, password: string) =>
  submitForm(user, 'Log In', { 'Email Address': email, Password: password });

describe('LoginPage', () => {
  it('asks for the email and password', async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await submitForm(user, 'Log In');
    await expectMessages('Email Address is Required', 'Password is Required');
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email Address is Required');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the email format and the password length', async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, 'wanjiku.example.com', 'short');
    await expectMessages('Email Should be valid', 'Password must be at least 8 characters');
  });

  it('stores the customer, says so and opens My Profile', async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, fixtures.customer.email, fixtures.password);
    expect(await screen.findByText('User Logged in Successfully!')).toBeInTheDocument();
    expect(useSession.getState().customer).toEqual(fixtures.storedCustomer);
    expect(JSON.parse(localStorage.getItem('customer') ?? 'null')).toEqual(fixtures.storedCustomer);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-profile$/));
  });

  it('goes back to the page that asked for a login', async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login?redirect=%2Fcart%3Fstep%3D2' });
    expect(screen.getByText('Please log in to continue to your account.')).toBeInTheDocument();
    await fillAndSubmit(user, fixtures.customer.email, fixtures.password);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart\?step=2$/));
  });

  it('ignores a redirect to another site', async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login?redirect=%2F%2Fevil.example' });
    await fillAndSubmit(user, fixtures.customer.email, fixtures.password);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-profile$/));
  });

  it("shows the server's message when the login is refused, keeping what was typed", async () => {
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, fixtures.customer.email, 'wrong-password');
    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(screen.getByLabelText('Email Address')).toHaveValue(fixtures.customer.email);
    expect(useSession.getState().customer).toBeNull();
  });

  it("shows 'An error occurred' when the server gives no reason", async () => {
    server.use(errorResponse('post', 'user/login', { status: 500 }));
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, fixtures.customer.email, fixtures.password);
    await waitFor(() => expect(screen.getAllByText('An error occurred')).toHaveLength(2));
  });

  it('shows that it is logging in', async () => {
    server.use(delayedResponse('post', 'user/login', 200));
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit(user, fixtures.customer.email, fixtures.password);
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(await screen.findByText('User Logged in Successfully!')).toBeInTheDocument();
  });

  it('sends a signed-in customer on at once', async () => {
    signInForTests(fixtures.storedCustomer);
    renderPage(<LoginPage />, { route: '/login?redirect=%2Fmy-orders' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-orders$/));
  });

  describe('on the document made for every visitor (signed out, with no query)', () => {
    const card = (route: string) => (
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/login" element={<LoginCard />} />
          <Route path="*" element={<p>Another page</p>} />
        </Routes>
      </MemoryRouter>
    );
    const roots: Root[] = [];
    afterEach(() => {
      act(() => roots.splice(0).forEach((root) => root.unmount()));
      document.body.innerHTML = '';
    });
    const takeOver = async (route: string) => {
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = renderToString(card('/login'));
      const made = container.querySelector('a[href="/register"]');
      const recoverableError = jest.fn();
      await act(async () => {
        roots.push(hydrateRoot(container, card(route), { onRecoverableError: recoverableError }));
      });
      expect(recoverableError).not.toHaveBeenCalled();
      return { container, made };
    };

    it('takes it over as it is, then says what this visit asked for', async () => {
      const { container, made } = await takeOver('/login?redirect=%2Fcart');
      expect(made).toHaveAttribute('data-keeps-query');
      expect(container.querySelector('a[data-keeps-query]')).toBe(made);
      expect(made).toHaveAttribute('href', '/register?redirect=%2Fcart');
      expect(screen.getByText('Please log in to continue to your account.')).toBeInTheDocument();
    });

    it('sends a signed-in customer on once it has taken it over', async () => {
      signInForTests(fixtures.storedCustomer);
      await takeOver('/login?redirect=%2Fcart');
      expect(screen.getByText('Another page')).toBeInTheDocument();
    });
  });
});
