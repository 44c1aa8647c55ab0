import { fixtures, signInForTests, startMockApi } from '@agri/api-client/testing';
import { addToCart } from '@agri/api-client';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@agri/ui/testing';
import CartPage from '../../pages/cart/cart-page';
import { routes } from '../../routes';
import * as accountAreas from './account-areas';

const server = startMockApi();

/** The API paths the page asks for (GET), in order. */
function readsOfTheApi(): string[] {
  const reads: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') reads.push(new URL(request.url).pathname.replace(/^.*\/api\//, ''));
  });
  return reads;
}

const prefetchOf = (path: string) => {
  const prefetch = routes.find((route) => route.path === path)?.prefetch;
  if (!prefetch) throw new Error(`${path} asks for nothing ahead`);
  return prefetch;
};

describe("the account's pages ask for their data while their code comes", () => {
  afterEach(() => {
    server.events.removeAllListeners();
    jest.restoreAllMocks();
  });

  it('/cart asks for the cart and the address as soon as its route is known, and the page shows that answer', async () => {
    signInForTests();
    await addToCart({ courseId: fixtures.courses[0]!._id, quantity: 1 });
    const reads = readsOfTheApi();
    prefetchOf('/cart')({});
    await waitFor(() => expect([...reads].sort()).toEqual(['user/cart', 'user/get-address']));
    renderPage(<CartPage />, { route: '/cart' });
    expect(await screen.findByRole('list', { name: 'Courses in your cart' })).toHaveTextContent(fixtures.courses[0]!.title);
    expect(reads.filter((path) => path === 'user/cart')).toHaveLength(1);
  });

  it.each(['/cart', '/my-orders', '/my-profile', '/address'])('%s asks for nothing for a visitor signed out (who is sent to log in)', (path) => {
    const areas = [
      accountAreas.useCartArea,
      accountAreas.useCheckoutAddress,
      accountAreas.useOrdersArea,
      accountAreas.useShippingInformation,
      accountAreas.useSavedAddress,
    ];
    const asked = areas.map((area) => jest.spyOn(area.getState(), 'prefetch'));
    prefetchOf(path)({});
    for (const spy of asked) expect(spy).not.toHaveBeenCalled();
    signInForTests();
    prefetchOf(path)({});
    expect(asked.filter((spy) => spy.mock.calls.length > 0).length).toBeGreaterThan(0);
  });
});
