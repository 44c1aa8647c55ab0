import { pageHead as head, type PageHeadInfo } from '@agri/ui';
import type { PageRoute } from '@agri/ui/federation';
import { prefetchForCustomer, useCartArea, useCheckoutAddress, useOrdersArea, useSavedAddress, useShippingInformation } from './features/loading/account-areas';

/** The head of a page a visitor signs in from: a public document, but no search result. */
const signInHead = (title: string, description: string, keywords: string): PageHeadInfo => ({ ...head(title, description, keywords), noindex: true });

/**
 * The account remote's pages; the shell mounts them in the site frame. Log in, register, forgot-password and
 * reset-password are public documents with islands (the same card for every visitor); the others show what is
 * personal, and are rendered in the browser.
 */
export const routes: PageRoute[] = [
  {
    path: '/login',
    prerender: true,
    head: signInHead(
      'Log In',
      'Log in to your Mavuno Agri-Food account to manage your courses, cart and orders.',
      'login, customer account, agri-food training',
    ),
    load: () => import('./pages/login/login-page'),
  },
  {
    path: '/register',
    prerender: true,
    head: signInHead(
      'Create an Account',
      'Register with Mavuno Agri-Food Consultants to book food safety and ISO training courses.',
      'register, create account, food safety training Kenya',
    ),
    load: () => import('./pages/register/register-page'),
  },
  {
    path: '/forgot-password',
    prerender: true,
    head: signInHead('Forgot Password', 'Request a link to reset the password of your Mavuno Agri-Food account.', 'forgot password, account'),
    load: () => import('./pages/forgot-password/forgot-password-page'),
  },
  {
    // One document for every reset link: made at the route itself, the token read from the address in the browser.
    path: '/reset-password/:token',
    prerender: true,
    head: signInHead('Reset Password', 'Choose a new password for your Mavuno Agri-Food account.', 'reset password, account'),
    load: () => import('./pages/reset-password/reset-password-page'),
  },
  {
    path: '/confirm-email/:token',
    head: head('Confirm Your New Email', 'Confirm the new email address of your Mavuno Agri-Food account.', 'confirm email, account'),
    load: () => import('./pages/confirm-email/confirm-email-page'),
  },
  {
    path: '/undo-email-change/:token',
    head: head('Undo an Email Change', 'Keep the email address of your Mavuno Agri-Food account.', 'undo email change, account'),
    load: () => import('./pages/undo-email-change/undo-email-change-page'),
  },
  {
    path: '/my-profile',
    head: head('My Profile', 'Your Mavuno Agri-Food account details and shipping information.', 'my profile, my account'),
    load: () => import('./pages/my-profile/my-profile-page'),
    prefetch: prefetchForCustomer(useShippingInformation),
  },
  {
    path: '/edit-profile',
    head: head('Edit Profile', 'Update your name, email and phone number.', 'edit profile, my account'),
    load: () => import('./pages/edit-profile/edit-profile-page'),
  },
  {
    path: '/change-password',
    head: head('Change Password', 'Choose a new password for your Mavuno Agri-Food account.', 'change password, my account'),
    load: () => import('./pages/change-password/change-password-page'),
  },
  {
    path: '/address',
    head: head('Shipping Address', 'Save the address we send your course materials and certificates to.', 'shipping address, my account'),
    load: () => import('./pages/address/address-page'),
    prefetch: prefetchForCustomer(useSavedAddress),
  },
  {
    path: '/cart',
    head: head('Cart', 'The training courses in your cart, with prices in KES including 16% VAT.', 'cart, checkout, training courses'),
    load: () => import('./pages/cart/cart-page'),
    prefetch: prefetchForCustomer(useCartArea, useCheckoutAddress),
  },
  {
    path: '/my-orders',
    head: head('My Orders', 'Your course orders, their status and totals.', 'my orders, order status'),
    load: () => import('./pages/my-orders/my-orders-page'),
    prefetch: prefetchForCustomer(useOrdersArea),
  },
];
