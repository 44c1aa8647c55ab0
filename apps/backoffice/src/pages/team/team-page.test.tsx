import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession, type TeamMember } from '@agri/api-client/staff';
import { renderPage } from '@agri/ui/testing';
import TeamRoute from './team-route';

const server = startMockApi();
const member = (id: string, email: string, state: TeamMember['state'], role: TeamMember['role'] = 'staff'): TeamMember => ({
  id,
  email,
  role,
  state,
  createdAt: '2026-11-20T09:00:00.000Z',
});
const team = [
  member('me', 'admin@mavuno.test', 'active', 'admin'),
  member('s1', 'akinyi@mavuno.test', 'active'),
  member('s2', 'otieno@mavuno.test', 'invited'),
];

beforeEach(() => useStaffSession.setState({ token: 'session-token', staff: { id: 'me', email: 'admin@mavuno.test', role: 'admin' } }));
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

function answer(resetStatus = 200) {
  const resets: string[] = [];
  server.use(
    http.get(`${TEST_API_BASE_URL}staff/team`, () => HttpResponse.json(team)),
    http.post(`${TEST_API_BASE_URL}staff/team/:id/second-factor-reset`, ({ params }) => {
      resets.push(String(params.id));
      return resetStatus === 200
        ? HttpResponse.json({ ...team[1], state: 'invited' })
        : HttpResponse.json({ message: 'Staff member not found' }, { status: resetStatus });
    }),
  );
  return resets;
}

describe('TeamPage', () => {
  it('resets the second factor of an active member after asking, and says a new invitation was mailed', async () => {
    const resets = answer();
    const { user } = renderPage(<TeamRoute />, { route: '/staff/team' });
    await user.click(await screen.findByRole('button', { name: 'Reset second factor of akinyi@mavuno.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the second factor of akinyi@mavuno.test?' });
    expect(dialog).toHaveTextContent('a new invitation is mailed to them');
    await user.click(within(dialog).getByRole('button', { name: 'Reset and send a new invitation' }));
    expect(await screen.findByText('A new invitation was mailed to akinyi@mavuno.test')).toBeInTheDocument();
    expect(resets).toEqual(['s1']);
  });

  it('offers no reset for the admin themself nor for a member who has not accepted yet, and cancelling does nothing', async () => {
    const resets = answer();
    const { user } = renderPage(<TeamRoute />, { route: '/staff/team' });
    await screen.findByRole('button', { name: 'Reset second factor of akinyi@mavuno.test' });
    expect(screen.queryByRole('button', { name: /Reset second factor of (admin|otieno)@/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset second factor of akinyi@mavuno.test' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(resets).toEqual([]);
  });

  it('shows the team as the API has it on every visit, not as an earlier visit saw it', async () => {
    answer();
    const first = renderPage(<TeamRoute />, { route: '/staff/team' });
    await screen.findByText('otieno@mavuno.test');
    first.unmount();
    // Another admin invites someone; this admin comes back to the page a moment later.
    server.use(http.get(`${TEST_API_BASE_URL}staff/team`, () => HttpResponse.json([...team, member('s3', 'wanjiru@mavuno.test', 'invited')])));
    renderPage(<TeamRoute />, { route: '/staff/team' });
    expect(await screen.findByText('wanjiru@mavuno.test')).toBeInTheDocument();
  });

  it('says why a reset failed', async () => {
    answer(404);
    const { user } = renderPage(<TeamRoute />, { route: '/staff/team' });
    await user.click(await screen.findByRole('button', { name: 'Reset second factor of akinyi@mavuno.test' }));
    await user.click(screen.getByRole('button', { name: 'Reset and send a new invitation' }));
    expect(await screen.findByText('Staff member not found')).toBeInTheDocument();
  });
});
