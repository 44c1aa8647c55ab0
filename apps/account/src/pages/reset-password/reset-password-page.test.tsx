import { startMockApi } from '@agri/api-client/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import ResetPasswordPage, { ResetPasswordCard } from './reset-password-page';

const server = startMockApi();

type User = ReturnType<typeof renderPage>['user'];

async function choose(user: User, password: string, confirmation: string) {
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await submitForm(user, 'Update Password');
}

const open = (token: string) => renderPage(<ResetPasswordPage />, { route: `/reset-password/${token}`, path: '/reset-password/:token' });

describe('ResetPasswordPage', () => {
  it('asks for a new password and its confirmation', async () => {
    const { user } = open('good-token');
    await choose(user, '', '');
    await expectMessages('Password is Required', 'Please confirm your new password');
  });

  it('needs 8 characters and two equal passwords', async () => {
    const { user } = open('good-token');
    await choose(user, 'short', 'shorter');
    await expectMessages('Password must be at least 8 characters', 'The two passwords do not match');
  });

  it('refuses a common password with a clear message', async () => {
    const { user } = open('good-token');
    await choose(user, 'iloveyou', 'iloveyou');
    expect(await screen.findByText('This password is too easy to guess. Please choose another.')).toBeInTheDocument();
  });

  it('updates the password and opens the log-in page', async () => {
    const { user } = open('good-token');
    await choose(user, 'NewHarvest2025', 'NewHarvest2025');
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });

  it("says 'Something Went Wrong!' for an expired link", async () => {
    const { user } = open('expired');
    await choose(user, 'NewHarvest2025', 'NewHarvest2025');
    await waitFor(() => expect(screen.getAllByText('Something Went Wrong!')).toHaveLength(2));
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password/expired');
  });

  describe('on the document made once for every reset link (at the route itself)', () => {
    const card = (route: string) => (
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/reset-password/:token" element={<ResetPasswordCard />} />
          <Route path="/login" element={<p>Log in</p>} />
        </Routes>
      </MemoryRouter>
    );
    let root: Root | undefined;
    afterEach(() => {
      act(() => root?.unmount());
      document.body.innerHTML = '';
    });

    it('holds no token, is taken over as it is at a link’s address, and sends that link’s token', async () => {
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = renderToString(card('/reset-password/:token'));
      expect(container.innerHTML).not.toContain(':token');
      const recoverableError = jest.fn();
      await act(async () => {
        root = hydrateRoot(container, card('/reset-password/good-token'), { onRecoverableError: recoverableError });
      });
      expect(recoverableError).not.toHaveBeenCalled();
      const sentTo: string[] = [];
      server.events.on('request:start', ({ request }) => {
        if (request.method === 'PUT') sentTo.push(new URL(request.url).pathname);
      });
      const user = userEvent.setup({ delay: null });
      await choose(user, 'NewHarvest2025', 'NewHarvest2025');
      expect(await screen.findByText('Log in')).toBeInTheDocument();
      expect(sentTo).toEqual([expect.stringMatching(/\/user\/reset-password\/good-token$/)]);
    });
  });
});
