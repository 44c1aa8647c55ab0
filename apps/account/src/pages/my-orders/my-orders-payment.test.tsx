// Pay with M-Pesa on My Orders, against the contract's mock API (it settles a payment the first time it is asked
// after, by the phone's last digit, as the kit's Daraja simulator does: 1 is cancelled on the phone, others pay).
import { addToCart, configureApi, createOrder, getApiSettings, getMyOrders, MPESA_PHONE_MESSAGE, startPayment } from '@agri/api-client';
import { errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { renderPage } from '@agri/ui/testing';
import { screen, within } from '@testing-library/react';
import MyOrdersPage from './my-orders-page';

const server = startMockApi({ mpesa: true });

/** The page asks how a payment stands every 2.5 s: a wait for what it shows after one ask. */
const AFTER_AN_ASK = { timeout: 5000 };

async function openWithOrder(route = '/my-orders') {
  signInForTests();
  await addToCart({ courseId: fixtures.courses[0]!._id, quantity: 1 });
  const order = (await createOrder({ shippingInfo: fixtures.address }))!;
  const rendered = renderPage(<MyOrdersPage />, { route: route.replace(':order', order._id) });
  await screen.findByRole('list', { name: 'Your orders' });
  return { ...rendered, order };
}

describe('Pay with M-Pesa', () => {
  it('asks the phone, follows the payment, and shows the order paid', async () => {
    const { user, order } = await openWithOrder();
    await user.click(screen.getByRole('button', { name: /^Pay with M-Pesa/ }));
    // Prefilled from the profile, as the customer knows their number.
    expect(await screen.findByRole('textbox', { name: 'M-Pesa Number' })).toHaveValue('0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Send Payment Request' }));
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN')).toBeInTheDocument();
    expect(await screen.findByText('Payment received', { selector: 'p' }, AFTER_AN_ASK)).toBeInTheDocument();
    expect(screen.getByText(/M-Pesa receipt QWE1RTY2UI/)).toBeInTheDocument();
    const card = screen.getAllByRole('listitem').find((item) => item.classList.contains('order-card'))!;
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    // Paid: neither paid again nor cancelled by the customer.
    expect(screen.queryByRole('button', { name: /Pay with M-Pesa/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel Order/ })).not.toBeInTheDocument();
    await expect(getMyOrders()).resolves.toMatchObject([{ _id: order._id, paidAt: expect.any(String) }]);
  });

  it('says why a payment did not go through, and pays from another number', async () => {
    const { user } = await openWithOrder();
    await user.click(screen.getByRole('button', { name: /^Pay with M-Pesa/ }));
    const phone = await screen.findByRole('textbox', { name: 'M-Pesa Number' });
    await user.clear(phone);
    await user.type(phone, '0712 345 671');
    await user.click(screen.getByRole('button', { name: 'Send Payment Request' }));
    expect(await screen.findByText('The payment was cancelled on your phone.', {}, AFTER_AN_ASK)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Another Number' }));
    await user.clear(screen.getByRole('textbox', { name: 'M-Pesa Number' }));
    await user.type(screen.getByRole('textbox', { name: 'M-Pesa Number' }), '+254 712 345 678');
    await user.click(screen.getByRole('button', { name: 'Send Payment Request' }));
    expect(await screen.findByText('Payment received', { selector: 'p' }, AFTER_AN_ASK)).toBeInTheDocument();
  });

  it('refuses a number that is not Safaricom’s before anything is sent', async () => {
    const { user } = await openWithOrder();
    await user.click(screen.getByRole('button', { name: /^Pay with M-Pesa/ }));
    const phone = await screen.findByRole('textbox', { name: 'M-Pesa Number' });
    await user.clear(phone);
    await user.type(phone, '0812 345 678');
    await user.click(screen.getByRole('button', { name: 'Send Payment Request' }));
    expect(await screen.findByText(MPESA_PHONE_MESSAGE)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(MPESA_PHONE_MESSAGE));
    expect(screen.queryByText('Check your phone and enter your M-Pesa PIN')).not.toBeInTheDocument();
  });

  it('keeps the form and says why when M-Pesa cannot take the request', async () => {
    const { user } = await openWithOrder();
    server.use(errorResponse('post', 'payments', { status: 502, message: 'M-Pesa could not take the request just now. Please try again in a moment.' }));
    await user.click(screen.getByRole('button', { name: /^Pay with M-Pesa/ }));
    await user.click(await screen.findByRole('button', { name: 'Send Payment Request' }));
    expect(await screen.findByText('M-Pesa could not take the request just now. Please try again in a moment.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('textbox', { name: 'M-Pesa Number' })).toHaveValue('0712 345 678');
  });

  it('follows a request still waiting on the phone when the page is opened again, and asks nothing again', async () => {
    signInForTests();
    await addToCart({ courseId: fixtures.courses[0]!._id, quantity: 1 });
    const order = (await createOrder({ shippingInfo: fixtures.address }))!;
    // Asked on the page before it was reloaded.
    await startPayment({ orderId: order._id, phone: '0712 345 678' });
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/payments')) asked += 1;
    });
    renderPage(<MyOrdersPage />, { route: '/my-orders' });
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'M-Pesa Number' })).not.toBeInTheDocument();
    expect(await screen.findByText('Payment received', { selector: 'p' }, AFTER_AN_ASK)).toBeInTheDocument();
    expect(screen.getByText(/M-Pesa receipt QWE1RTY2UI/)).toBeInTheDocument();
    expect(asked).toBe(0);
    server.events.removeAllListeners();
  });

  it('opens the new order’s payment when checkout sends the customer here', async () => {
    await openWithOrder('/my-orders?pay=:order');
    expect(await screen.findByRole('textbox', { name: 'M-Pesa Number' })).toBeInTheDocument();
  });

  it('offers no payment where the API takes none', async () => {
    const settings = getApiSettings();
    configureApi({ ...settings, mpesa: false });
    try {
      await openWithOrder();
      expect(screen.getByRole('button', { name: /^Cancel Order/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Pay with M-Pesa/ })).not.toBeInTheDocument();
    } finally {
      configureApi(settings);
    }
  });
});
