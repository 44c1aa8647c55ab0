import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession, type StaffOrder } from '@agri/api-client/staff';
import { renderPage } from '@agri/ui/testing';
import OrderRoute from '../order/order-route';
import { staffPaymentFor as payment, staffOrder } from '../../testing/staff-fixtures';
import PaymentsRoute from './payments-route';

const server = startMockApi();

const order: StaffOrder = {
  ...staffOrder,
  payments: [payment('p1', { state: 'cancelled', receipt: null, message: 'The payment was cancelled on your phone.', settledAt: null })],
};

const signInAs = (role: 'staff' | 'admin') => useStaffSession.setState({ token: 'session-token', staff: { id: 'me', email: `${role}@mavuno.test`, role } });
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

describe('PaymentsPage', () => {
  it('lists the payments with the phone masked, and asks for those in the state the address names', async () => {
    signInAs('staff');
    const asked: string[] = [];
    server.use(
      http.get(`${TEST_API_BASE_URL}staff/payments`, ({ request }) => {
        const state = new URL(request.url).searchParams.get('state');
        asked.push(state ?? 'any');
        const booking = payment('p3', {
          orderId: null,
          bookingId: 'booking-0000cd34',
          leadId: 'lead-1',
          eventTitle: 'Dairy Quality and Cold Chain Clinic',
          reference: '0000CD34',
          payerName: 'Achieng Otieno',
          receipt: 'ASD3FGH4JK',
        });
        return HttpResponse.json(
          state === 'failed' ? [] : [payment('p1'), payment('p2', { state: 'failed', receipt: null, message: 'The M-Pesa PIN entered was wrong.' }), booking],
        );
      }),
    );
    const { unmount } = renderPage(<PaymentsRoute />, { route: '/staff/payments' });
    const table = await screen.findByRole('table');
    const paid = within(table).getByText('QWE1RTY2UI').closest('tr')!;
    expect(paid).toHaveTextContent('•••••••••678');
    expect(paid).toHaveTextContent('M-Pesa');
    expect(within(paid).getByRole('link', { name: 'Order 0000AB12' })).toHaveAttribute('href', '/staff/orders/order-0000ab12');
    expect(within(table).getByText(/The M-Pesa PIN entered was wrong\./)).toBeInTheDocument();
    // A booking's payment names the visitor and the event, and opens the booking in the Inbox.
    const booked = within(table).getByText('ASD3FGH4JK').closest('tr')!;
    expect(booked).toHaveTextContent('Achieng Otieno');
    expect(booked).toHaveTextContent('Dairy Quality and Cold Chain Clinic');
    expect(within(booked).getByRole('link', { name: 'Booking 0000CD34' })).toHaveAttribute('href', '/staff/leads/lead-1');
    // Only admins record refunds.
    expect(within(table).queryByRole('button', { name: /Record Refund/ })).not.toBeInTheDocument();
    unmount();

    renderPage(<PaymentsRoute />, { route: '/staff/payments?state=failed' });
    expect(await screen.findByText('No payments match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveValue('failed');
    expect(asked).toEqual(['any', 'failed']);
  });
});

describe('refunds', () => {
  it('lets an admin record a refund given by hand on a payment received, then shows it in the list', async () => {
    signInAs('admin');
    const sent: unknown[] = [];
    let refunded = false;
    const refund = payment('r1', {
      method: 'mpesa',
      amount: 5000,
      state: 'refunded',
      refundOf: 'p1',
      receipt: 'RFD1ABC2DE',
      recordedBy: 'admin@mavuno.test',
      reason: 'The course was moved',
    });
    server.use(
      http.get(`${TEST_API_BASE_URL}staff/payments`, () =>
        HttpResponse.json(
          refunded
            ? [refund, payment('p1', { refunded: 5000 }), payment('p3', { refunded: 12_000, receipt: 'ZXC3VBN4MQ' })]
            : [payment('p1'), payment('p2', { state: 'failed', receipt: null })],
        ),
      ),
      http.post(`${TEST_API_BASE_URL}staff/payments/:id/refunds`, async ({ request, params }) => {
        sent.push({ of: params.id, ...((await request.json()) as object) });
        refunded = true;
        return HttpResponse.json(refund, { status: 201 });
      }),
    );
    const { user } = renderPage(<PaymentsRoute />, { route: '/staff/payments' });
    const table = await screen.findByRole('table');
    // A payment that did not go through has nothing to refund.
    expect(within(table).getAllByRole('button', { name: /Record Refund/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Record Refund of 0000AB12' }));
    const form = await screen.findByRole('form', { name: 'Record a refund of 0000AB12: KES 12,000 left of KES 12,000' });
    expect(within(form).getByRole('spinbutton', { name: 'Amount (KES)' })).toHaveValue(12_000);
    expect(within(form).getByRole('combobox', { name: 'Given back by' })).toHaveValue('mpesa');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Amount (KES)' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Amount (KES)' }), '5000');
    await user.type(within(form).getByRole('textbox', { name: /Reference/ }), 'RFD1ABC2DE');
    await user.click(within(form).getByRole('button', { name: 'Record the refund' }));
    expect(await within(form).findByText('Reason is Required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'The course was moved');
    await user.click(within(form).getByRole('button', { name: 'Record the refund' }));
    expect(await screen.findByText('Refund recorded')).toBeInTheDocument();
    expect(sent).toEqual([{ of: 'p1', method: 'mpesa', amount: 5000, reference: 'RFD1ABC2DE', reason: 'The course was moved' }]);
    const row = (await screen.findByText('RFD1ABC2DE')).closest('tr')!;
    expect(row).toHaveTextContent('refunded');
    expect(row).toHaveTextContent('−KES 5,000');
    // What is left of the payment can still be refunded; a payment refunded in full offers nothing more.
    expect(screen.getByRole('button', { name: 'Record Refund of 0000AB12' })).toBeInTheDocument();
    expect(row).toHaveTextContent('The course was moved');
    expect(screen.queryByRole('form', { name: /Record a refund/ })).not.toBeInTheDocument();
  });
});

describe('an order’s payments', () => {
  it('lets an admin record a cash payment with its reason, and shows the order paid', async () => {
    signInAs('admin');
    const sent: unknown[] = [];
    server.use(
      http.get(`${TEST_API_BASE_URL}staff/orders/:id`, () => HttpResponse.json(order)),
      http.post(`${TEST_API_BASE_URL}staff/orders/:id/payments`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          [...order.payments, payment('p2', { method: 'cash', phone: null, receipt: null, recordedBy: 'admin@mavuno.test', reason: 'Paid at the office' })],
          { status: 201 },
        );
      }),
    );
    const { user } = renderPage(<OrderRoute />, { route: '/staff/orders/order-0000ab12', path: '/staff/orders/:id' });
    const form = await screen.findByRole('form', { name: 'Record a payment received another way' });
    expect(within(form).getByRole('spinbutton', { name: 'Amount (KES)' })).toHaveValue(12_000);
    await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
    expect(await within(form).findByText('Reason is Required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Paid at the office');
    await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'cash', amount: 12_000, reference: '', reason: 'Paid at the office' }]);
    expect(screen.getByText(/recorded by admin@mavuno\.test: Paid at the office/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record a payment received another way' })).not.toBeInTheDocument();
  });

  it('offers staff who are not admins no record of a payment', async () => {
    signInAs('staff');
    server.use(http.get(`${TEST_API_BASE_URL}staff/orders/:id`, () => HttpResponse.json(order)));
    renderPage(<OrderRoute />, { route: '/staff/orders/order-0000ab12', path: '/staff/orders/:id' });
    expect(await screen.findByText(/The payment was cancelled on your phone\./)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record a payment received another way' })).not.toBeInTheDocument();
  });
});
