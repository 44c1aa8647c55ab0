import { addToCart, getMyOrders, saveAddress, useSession } from '@agri/api-client';
import { delayedResponse, errorResponse, fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { formatKes } from '@agri/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { expectStillLoading, renderPage } from '@agri/ui/testing';
import CartPage from './cart-page';
import { vatBreakdown } from './vat';

const server = startMockApi();
const [firstCourse, secondCourse] = fixtures.courses;
if (!firstCourse || !secondCourse) throw new Error('The fixtures need two courses');

async function openWithCart({ withAddress = true } = {}) {
  signInForTests();
  await addToCart({ courseId: firstCourse!._id, quantity: 1 });
  await addToCart({ courseId: secondCourse!._id, quantity: 2 });
  if (withAddress) await saveAddress(fixtures.address);
  const rendered = renderPage(<CartPage />, { route: '/cart' });
  await screen.findByRole('list', { name: 'Courses in your cart' });
  return rendered;
}

const summaryValue = (label: string) => within(screen.getByRole('complementary', { name: 'Order summary' })).getByText(label).nextElementSibling;

describe('CartPage', () => {
  it('shows that the cart is loading', async () => {
    signInForTests();
    server.use(delayedResponse('get', 'user/cart', 100));
    renderPage(<CartPage />, { route: '/cart' });
    expectStillLoading('Loading your cart');
    // Let the slow answer land here: arriving during a later test, it would overwrite that test's cart count.
    expect(await screen.findByRole('status', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('shows an empty cart with a way to the courses', async () => {
    signInForTests();
    renderPage(<CartPage />, { route: '/cart' });
    expect(await screen.findByRole('status', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');
  });

  it('shows why the cart could not be loaded, with a retry', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/cart', { status: 503 }));
    renderPage(<CartPage />, { route: '/cart' });
    expect(await screen.findByRole('alert', { name: 'Your cart could not be loaded' })).toHaveTextContent('Error getting cart');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the courses with totals in KES, VAT 16% included and shown', async () => {
    await openWithCart();
    const lines = within(screen.getByRole('list', { name: 'Courses in your cart' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[1]!).getByRole('link', { name: secondCourse.title })).toHaveAttribute('href', `/course/${secondCourse._id}`);
    expect(lines[1]).toHaveTextContent(formatKes(secondCourse.price * 2));
    const total = firstCourse.price + secondCourse.price * 2;
    const { vat, net } = vatBreakdown(total);
    expect(summaryValue('Total (VAT inclusive)')).toHaveTextContent(formatKes(total));
    expect(summaryValue('VAT (16%, included)')).toHaveTextContent(formatKes(vat));
    expect(summaryValue('Price before VAT')).toHaveTextContent(formatKes(net));
    expect(useSession.getState().cartCount).toBe(3);
  });

  it('changes the seats of a course and updates the count', async () => {
    const { user } = await openWithCart();
    await user.selectOptions(screen.getByLabelText(`Seats for ${firstCourse.title}`), '4');
    expect(await screen.findByText('Product Updated From Cart Successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText(`Seats for ${firstCourse.title}`)).toHaveValue('4');
    expect(useSession.getState().cartCount).toBe(6);
  });

  it("says 'Something Went Wrong!' when the seats cannot be changed", async () => {
    const { user } = await openWithCart();
    server.use(errorResponse('put', 'user/update-product-cart/:id/:quantity', { status: 500 }));
    await user.selectOptions(screen.getByLabelText(`Seats for ${firstCourse.title}`), '4');
    expect(await screen.findByText('Something Went Wrong!')).toBeInTheDocument();
    expect(screen.getByLabelText(`Seats for ${firstCourse.title}`)).toHaveValue('1');
  });

  it('removes a course', async () => {
    const { user } = await openWithCart();
    await user.click(screen.getByRole('button', { name: `Remove ${firstCourse.title}` }));
    expect(await screen.findByText('Product Removed From Cart Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: firstCourse.title })).not.toBeInTheDocument();
    expect(useSession.getState().cartCount).toBe(2);
  });

  it("says 'Something Went Wrong!' when a course cannot be removed", async () => {
    const { user } = await openWithCart();
    server.use(errorResponse('delete', 'user/delete-product-cart/:id', { status: 500 }));
    await user.click(screen.getByRole('button', { name: `Remove ${firstCourse.title}` }));
    expect(await screen.findByText('Something Went Wrong!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: firstCourse.title })).toBeInTheDocument();
  });

  it('empties the cart', async () => {
    const { user } = await openWithCart();
    await user.click(screen.getByRole('button', { name: 'Empty Cart' }));
    expect(await screen.findByRole('status', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(useSession.getState().cartCount).toBe(0);
  });

  it('checks out to the saved address and opens My Orders', async () => {
    const { user } = await openWithCart();
    expect(await screen.findByText(fixtures.address.address, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(await screen.findByText('Ordered Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-orders$/));
    const [order] = await getMyOrders();
    expect(order).toMatchObject({ status: 'Ordered', shippingInfo: { area: fixtures.address.area } });
    expect(useSession.getState().cartCount).toBe(0);
  });

  it("says 'Something Went Wrong!' when the order cannot be created", async () => {
    const { user } = await openWithCart();
    server.use(errorResponse('post', 'user/cart/create-order', { status: 500 }));
    await user.click(await screen.findByRole('button', { name: 'Check Out' }));
    expect(await screen.findByText('Something Went Wrong!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/);
  });

  it('asks for a shipping address before checking out', async () => {
    await openWithCart({ withAddress: false });
    expect(await screen.findByRole('link', { name: 'Add Shipping Address' })).toHaveAttribute('href', '/address?redirect=/cart');
    expect(screen.queryByRole('button', { name: 'Check Out' })).not.toBeInTheDocument();
  });
});
