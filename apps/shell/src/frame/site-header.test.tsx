import { useSession } from '@agri/api-client';
import { errorResponse, signInForTests, startMockApi } from '@agri/api-client/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastArea } from '@agri/ui';
import { watchCall } from '../testing/watch-call';
import { SiteHeader } from './site-header';

const server = startMockApi();

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHeader(url = '/') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <SiteHeader />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
  return { user, menuButton: screen.getByRole('button', { name: 'Menu' }) };
}

/** As on a document with islands whose menu the visitor opened before the header's code came: hydrated open. */
function renderHeaderWithMenuOpen() {
  const header = (
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>
  );
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(header);
  container.querySelector('dialog')!.setAttribute('open', ''); // the browser's command, at the visitor's tap
  render(header, { container, hydrate: true });
  return { menuButton: screen.getByRole('button', { name: 'Menu' }) };
}

describe('site header', () => {
  it('shows the top strip, the top navigation and a distinct style away from home', () => {
    renderHeader('/about');
    expect(screen.getByRole('link', { name: 'info@mavunoagrifood.co.ke' })).toHaveAttribute('href', 'mailto:info@mavunoagrifood.co.ke');
    expect(screen.getByRole('link', { name: /on Facebook/ })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Courses', '/courses'],
      ['Events', '/events'],
      ['Contact', '/contact'],
    ]);
    expect(screen.getByRole('banner')).toHaveClass('site-header--inner');
  });

  it('uses the home style on the home page', () => {
    renderHeader('/');
    expect(screen.getByRole('banner')).toHaveClass('site-header--home');
  });

  it('opens the side menu from its button, and says so; Escape or its close button closes it', async () => {
    const { user, menuButton } = renderHeader();
    // Always in the page, closed: the Menu button opens it by the browser's command before any code runs.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('commandfor', 'side-menu');
    expect(menuButton).toHaveAttribute('command', 'show-modal');
    await user.click(menuButton);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    const nav = within(menu).getByRole('navigation', { name: 'Side menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['About Us', '/about'],
      ['Courses', '/courses'],
      ['Events', '/events'],
      ['FAQ', '/faqs'],
      ['Contact Us', '/contact'],
      ['Log In', '/login'],
    ]);
    // Drawn, hidden: the page's loader shows them from the stored session before this code runs.
    expect(within(menu).queryByRole('group', { name: 'My Account' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows a menu the page opened before its code ran', () => {
    const { menuButton } = renderHeaderWithMenuOpen();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the menu when a page is chosen', async () => {
    const { user, menuButton } = renderHeader();
    await user.click(menuButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'FAQ' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/faqs');
  });

  it('shows the account group, the cart count and Logout to a signed-in customer', async () => {
    signInForTests();
    act(() => useSession.setState({ cartCount: 3 }));
    const { user, menuButton } = renderHeader();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', '/cart');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();

    await user.click(menuButton);
    const group = within(screen.getByRole('dialog')).getByRole('group', { name: 'My Account' });
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/my-profile', '/edit-profile', '/address', '/cart', '/my-orders']);
    expect(within(group).getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Cart 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('logs out through the API, clears the session and says so', async () => {
    const logout = watchCall(server, 'get', 'user/logout', { message: 'Logged out' });
    signInForTests();
    const { user, menuButton } = renderHeader();
    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('User Logged Out Successfully')).toBeInTheDocument();
    expect(logout.made).toBe(true);
    expect(useSession.getState().customer).toBeNull();
    expect(localStorage.getItem('customer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('keeps the customer signed in and names the reason when logout fails', async () => {
    server.use(errorResponse('get', 'user/logout', { status: 500 }));
    signInForTests();
    const { user, menuButton } = renderHeader();
    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed: Error logging out')).toBeInTheDocument();
    expect(useSession.getState().customer).not.toBeNull();
  });
});
