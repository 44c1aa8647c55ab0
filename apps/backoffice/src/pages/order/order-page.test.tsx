import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession, type StaffOrder } from '@agri/api-client/staff';
import { renderPage } from '@agri/ui/testing';
import { staffOrder } from '../../testing/staff-fixtures';
import OrderRoute from './order-route';

const server = startMockApi();

const order: StaffOrder = {
  ...staffOrder,
  shippingInfo: {
    firstName: 'Wanjiku',
    lastName: 'Mwangi',
    county: 'Kenya',
    address: 'Moi Avenue 12',
    other: '',
    area: 'CBD',
    phoneNumber: '0712345678',
    additionalNumber: '',
  },
};

/** The order page on `shown`, recording what each status change sent. */
function openOrder(shown: StaffOrder) {
  const sent: unknown[] = [];
  server.use(
    http.get(`${TEST_API_BASE_URL}staff/orders/:id`, () => HttpResponse.json(shown)),
    http.put(`${TEST_API_BASE_URL}staff/orders/:id/status`, async ({ request }) => {
      const body = (await request.json()) as { refundToArrange?: string };
      sent.push(body);
      return HttpResponse.json({ ...shown, status: 'Cancelled', refundToArrange: Boolean(body.refundToArrange) });
    }),
  );
  const rendered = renderPage(<OrderRoute />, { route: '/staff/orders/order-0000ab12', path: '/staff/orders/:id' });
  return { ...rendered, sent };
}

beforeEach(() => useStaffSession.setState({ token: 'session-token', staff: { id: 'me', email: 'staff@mavuno.test', role: 'staff' } }));
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

describe('an order in the back office', () => {
  it('shows every phone number one way, however it was stored', async () => {
    openOrder(order);
    expect(await screen.findByText(/wanjiku@example\.co\.ke/)).toBeInTheDocument();
    expect(screen.getAllByText(/\+254 712 345 678/)).toHaveLength(2);
  });

  it('asks before cancelling; kept, nothing is sent', async () => {
    const { user, sent } = openOrder(order);
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(screen.getByRole('group', { name: 'Cancel this order? The customer will see it cancelled in My Orders.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Order moved to Cancelled')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'Cancelled' }]);
  });

  it('cancels a paid order only with why a refund is to be arranged, and says so', async () => {
    const { user, sent } = openOrder({ ...order, paidAt: '2026-11-27T09:00:00.000Z' });
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(screen.getByText(/This order is paid \(KES 12,000\)\. Cancelling it gives no money back by itself/)).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Cancel it, refund to be arranged' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Why a refund is to be arranged' }), 'Cannot attend; refund by M-Pesa');
    await user.click(confirm);
    expect(await screen.findByText('Order moved to Cancelled')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'Cancelled', refundToArrange: 'Cannot attend; refund by M-Pesa' }]);
    expect(await screen.findByText(/cancelled, a refund to be arranged/)).toBeInTheDocument();
  });
});
