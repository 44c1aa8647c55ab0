import { ACCOUNT_FALLBACK, createDataArea, getAddress, getCart, getMyOrders, selectIsSignedIn, useSession } from '@agri/api-client';

// The customer's data areas, one per page that shows it (each page empties its own when it goes: account-area.tsx).
// Here, apart from the pages, so that the route table can ask for a page's data while the page's code comes.

/** The cart page: its lines. */
export const useCartArea = createDataArea('account/cart', getCart, { fallback: ACCOUNT_FALLBACK });
/** The cart page: the address checkout sends the order to. */
export const useCheckoutAddress = createDataArea('account/checkout-address', getAddress, { fallback: ACCOUNT_FALLBACK });
/** My Orders. */
export const useOrdersArea = createDataArea('account/orders', getMyOrders, { fallback: ACCOUNT_FALLBACK });
/** My Profile: its shipping information. */
export const useShippingInformation = createDataArea('account/profile-address', getAddress, { fallback: ACCOUNT_FALLBACK });
/** The shipping address form: what it starts from. */
export const useSavedAddress = createDataArea('account/saved-address', getAddress, { fallback: ACCOUNT_FALLBACK });

/**
 * A route's `prefetch`: asks for its page's areas as soon as the route is known, so that the API's answer comes
 * while the page's code does (on a phone's link, a round trip less before the cart shows). Only for a signed-in
 * customer: a visitor signed out is sent to log in, and has nothing to ask for.
 */
export const prefetchForCustomer =
  (...areas: { getState: () => { prefetch: () => void } }[]) =>
  (): void => {
    if (!selectIsSignedIn(useSession.getState())) return;
    for (const area of areas) area.getState().prefetch();
  };
