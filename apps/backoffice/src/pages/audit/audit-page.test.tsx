import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession, type AuditEntry } from '@agri/api-client/staff';
import { renderPage } from '@agri/ui/testing';
import AuditRoute from './audit-route';

const server = startMockApi();

/** Entries `from` down to `to`, newest first, as the API pages them. */
const entries = (from: number, to: number): AuditEntry[] =>
  Array.from({ length: from - to + 1 }, (_, index) => ({
    id: String(from - index),
    at: '2026-11-27T09:00:00.000Z',
    staffEmail: 'akinyi@mavuno.test',
    action: `change ${from - index}`,
    subject: null,
    before: null,
    after: null,
  }));

const failure = {
  source: '203.0.113.9',
  day: '2026-11-27',
  tries: 14,
  emails: ['akinyi@mavuno.test', 'admin@mavuno.test'],
  firstAt: '2026-11-27T06:00:00.000Z',
  lastAt: '2026-11-27T08:30:00.000Z',
};

beforeEach(() => useStaffSession.setState({ token: 'session-token', staff: { id: 'staff-1', email: 'admin@mavuno.test', role: 'admin' } }));
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

function answer({ failures = [failure] as unknown[], failuresStatus = 200 } = {}) {
  const asked: (string | null)[] = [];
  server.use(
    http.get(`${TEST_API_BASE_URL}staff/audit`, ({ request }) => {
      const before = new URL(request.url).searchParams.get('before');
      asked.push(before);
      // 1,150 entries, a hundred a page, below `before`.
      const top = before === null ? 1150 : Number(before) - 1;
      return HttpResponse.json(entries(top, Math.max(1, top - 99)));
    }),
    http.get(`${TEST_API_BASE_URL}staff/sign-in-failures`, () =>
      failuresStatus === 200 ? HttpResponse.json(failures) : HttpResponse.json({ message: 'Server error' }, { status: failuresStatus }),
    ),
  );
  return asked;
}

describe('the audit log page', () => {
  it('lists the newest entries first, and Older entries goes on from the last one shown', async () => {
    const asked = answer();
    const { user } = renderPage(<AuditRoute />, { route: '/staff/audit' });
    const log = (await screen.findByText('change 1150')).closest('table')!;
    expect(within(log).getAllByRole('row')[1]).toHaveTextContent('change 1150');
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('change 1000')).toBeInTheDocument();
    expect(screen.getByText('change 951')).toBeInTheDocument();
    expect(asked).toEqual([null, '1051']);
  });

  it('shows the failed sign-ins per address and day, apart from the log', async () => {
    answer();
    renderPage(<AuditRoute />, { route: '/staff/audit' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Failed sign-ins' })).toBeInTheDocument();
    const row = (await screen.findByText('203.0.113.9')).closest('tr')!;
    expect(row).toHaveTextContent('14');
    expect(row).toHaveTextContent('akinyi@mavuno.test, admin@mavuno.test');
  });

  it('says when there are none, and offers to try again when they cannot be loaded', async () => {
    answer({ failures: [] });
    const first = renderPage(<AuditRoute />, { route: '/staff/audit' });
    expect(await screen.findByText('No failed sign-ins.')).toBeInTheDocument();
    first.unmount();

    answer({ failuresStatus: 500 });
    renderPage(<AuditRoute />, { route: '/staff/audit' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the failed sign-ins');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
