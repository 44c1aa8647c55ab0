import { addToCart, createOrder, getMyOrders } from '@agri/api-client';
import { apiUrl, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { http, HttpResponse } from 'msw';
import { formatKes } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { screen, within } from '@testing-library/react';
import { expectStillLoading, renderPage } from '@agri/ui/testing';
import MyOrdersPage from './my-orders-page';

const server = startMockApi();
const course = fixtures.courses[0]!;

async function openWithOrder() {
  signInForTests();
  await addToCart({ courseId: course._id, quantity: 2 });
  const order = (await createOrder({ shippingInfo: fixtures.address }))!;
  const rendered = renderPage(<MyOrdersPage />, { route: '/my-orders' });
  await screen.findByRole('list', { name: 'Your orders' });
  return { ...rendered, order };
}

describe('MyOrdersPage', () => {
  it('shows that the orders are loading, then that there are none', async () => {
    signInForTests();
    renderPage(<MyOrdersPage />, { route: '/my-orders' });
    expectStillLoading('Loading your orders');
    expect(await screen.findByRole('status', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it('shows why the orders could not be loaded', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/getmyorders', { status: 500 }));
    renderPage(<MyOrdersPage />, { route: '/my-orders' });
    expect(await screen.findByRole('alert', { name: 'Your orders could not be loaded' })).toHaveTextContent('Error getting user orders');
  });

  it('lists each order with its status, date and total', async () => {
    const { order } = await openWithOrder();
    const card = screen.getAllByRole('listitem').find((item) => item.classList.contains('order-card'))!;
    expect(within(card).getByText('Ordered')).toBeInTheDocument();
    expect(card).toHaveTextContent(formatDate(order.createdAt, 'MMMM Do YYYY'));
    expect(card).toHaveTextContent(formatKes(course.price * 2));
    expect(card).toHaveTextContent(`${course.title} × 2`);
  });

  it('says a paid order staff cancelled is having its refund arranged, not just Paid and Cancelled', async () => {
    signInForTests();
    await addToCart({ courseId: course._id, quantity: 1 });
    const order = (await createOrder({ shippingInfo: fixtures.address }))!;
    const cancelled = { ...order, status: 'Cancelled', paidAt: '2026-11-27T09:00:00.000Z', refundToArrange: true };
    server.use(http.get(apiUrl('user/getmyorders'), () => HttpResponse.json([cancelled])));
    renderPage(<MyOrdersPage />, { route: '/my-orders' });
    const card = (await screen.findByRole('heading', { name: /^Order / })).closest('li')!;
    expect(within(card).getByText('Refund being arranged')).toBeInTheDocument();
    expect(within(card).getByText('We are arranging your refund: our team will contact you.')).toBeInTheDocument();
    expect(within(card).queryByText('Paid')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says an order whose payment was given back is refunded, and offers neither to pay nor to cancel it', async () => {
    signInForTests();
    await addToCart({ courseId: course._id, quantity: 1 });
    const order = (await createOrder({ shippingInfo: fixtures.address }))!;
    const refunded = { ...order, paidAt: '2026-11-27T09:00:00.000Z', refundedAt: '2026-11-28T10:00:00.000Z' };
    server.use(http.get(apiUrl('user/getmyorders'), () => HttpResponse.json([refunded])));
    renderPage(<MyOrdersPage />, { route: '/my-orders' });
    const card = (await screen.findByRole('heading', { name: /^Order / })).closest('li')!;
    expect(within(card).getByText('Refunded')).toBeInTheDocument();
    expect(within(card).queryByText('Paid')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels an order after confirming', async () => {
    const { user } = await openWithOrder();
    await user.click(screen.getByRole('button', { name: /^Cancel Order/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Order' }));
    expect(await screen.findByText('Order Cancelled Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
    await expect(getMyOrders()).resolves.toMatchObject([{ status: 'Cancelled' }]);
  });

  it('keeps the order when the customer changes their mind', async () => {
    const { user } = await openWithOrder();
    await user.click(screen.getByRole('button', { name: /^Cancel Order/ }));
    await user.click(screen.getByRole('button', { name: 'Keep Order' }));
    expect(screen.getByText('Ordered')).toBeInTheDocument();
  });

  it("says 'Something Went Wrong!' when the order cannot be cancelled", async () => {
    const { user } = await openWithOrder();
    server.use(errorResponse('put', 'user/updateOrder/:id', { status: 409, message: 'Order already dispatched' }));
    await user.click(screen.getByRole('button', { name: /^Cancel Order/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Order' }));
    expect(await screen.findByText('Something Went Wrong!')).toBeInTheDocument();
    expect(screen.getByText('Ordered')).toBeInTheDocument();
  });
});
