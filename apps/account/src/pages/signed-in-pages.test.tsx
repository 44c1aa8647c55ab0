import { startMockApi } from '@agri/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@agri/ui/testing';
import type { ComponentType } from 'react';
import AddressPage from './address/address-page';
import CartPage from './cart/cart-page';
import ChangePasswordPage from './change-password/change-password-page';
import EditProfilePage from './edit-profile/edit-profile-page';
import MyOrdersPage from './my-orders/my-orders-page';
import MyProfilePage from './my-profile/my-profile-page';

startMockApi();

/** The pages of My Account: each sends a signed-out visitor to log in, and back to it afterwards. */
const signedInPages: [route: string, Page: ComponentType][] = [
  ['/my-profile', MyProfilePage],
  ['/edit-profile', EditProfilePage],
  ['/change-password', ChangePasswordPage],
  ['/address', AddressPage],
  ['/cart', CartPage],
  ['/my-orders', MyOrdersPage],
];

describe('The pages of My Account', () => {
  it.each(signedInPages)('%s sends a signed-out visitor to log in and back', async (route, Page) => {
    renderPage(<Page />, { route });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/login?redirect=${encodeURIComponent(route)}`));
  });
});
