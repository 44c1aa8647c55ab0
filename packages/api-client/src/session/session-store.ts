import { create } from 'zustand';
import { type StoredCustomer, storedCustomerSchema } from '../contract/user';
import { CART_COUNT_KEY, CUSTOMER_KEY } from '../storage-keys';

/** The fields a profile update changes. */
export interface ProfileFields {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
}

function parseStoredCustomer(raw: string | null | undefined): StoredCustomer | null {
  if (!raw) return null;
  try {
    const parsed = storedCustomerSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const readStoredCustomer = (): StoredCustomer | null => {
  try {
    return parseStoredCustomer(globalThis.localStorage?.getItem(CUSTOMER_KEY));
  } catch {
    // Storage can be blocked (privacy mode); the session then lives in memory only.
    return null;
  }
};

function writeStoredCustomer(customer: StoredCustomer): void {
  try {
    globalThis.localStorage?.setItem(CUSTOMER_KEY, JSON.stringify(customer));
  } catch {
    // See readStoredCustomer.
  }
}

/** The session as the apps read it. Only the api-client's calls write it (login, edit-user, logout, the cart calls). */
export interface SessionState {
  customer: StoredCustomer | null;
  /** Seats in the cart (sum of quantities); the cart calls keep it current. */
  cartCount: number;
  /** The courses in the cart, as the last cart call this visit saw them; null until one has. */
  cartCourseIds: string[] | null;
}

// Created signed out, then given the stored customer: a prerendered page shows the site as a visitor who is
// not signed in sees it, and React takes it over from the store's initial state (zustand's server
// snapshot) before it shows the customer.
export const useSession = create<SessionState>(() => ({ customer: null, cartCount: 0, cartCourseIds: null }));
useSession.setState({ customer: readStoredCustomer() });

/** After login or fetch-user: stores the whole answer as the customer. */
export function storeCustomer(customer: StoredCustomer): void {
  writeStoredCustomer(customer);
  useSession.setState({ customer });
}

/** After a profile update: new names, email and mobile; the old _id and token stay. */
export function storeProfile(profile: ProfileFields): void {
  const current = useSession.getState().customer;
  if (!current) return;
  storeCustomer({
    ...current,
    firstname: profile.firstname,
    lastname: profile.lastname,
    email: profile.email,
    mobile: profile.mobile,
  });
}

/** Logout, or a token the server rejected: clears the customer and all browser storage. */
export function clearSession(): void {
  try {
    globalThis.localStorage?.clear();
    globalThis.sessionStorage?.clear();
  } catch {
    // See readStoredCustomer.
  }
  useSession.setState({ customer: null, cartCount: 0, cartCourseIds: null });
}

/** After a cart call: its seats (kept for the header of a document with islands) and its courses. */
export function storeCart(cartCount: number, cartCourseIds: string[]): void {
  try {
    globalThis.localStorage?.setItem(CART_COUNT_KEY, String(cartCount));
  } catch {
    // See readStoredCustomer.
  }
  useSession.setState({ cartCount, cartCourseIds });
}

// Another tab logging in or out changes the stored customer: follow it here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== CUSTOMER_KEY) return;
    const customer = parseStoredCustomer(event.key === null ? null : event.newValue);
    useSession.setState(customer ? { customer } : { customer: null, cartCount: 0, cartCourseIds: null });
  });
}

export const selectCustomer = (state: SessionState) => state.customer;
export const selectIsSignedIn = (state: SessionState) => state.customer !== null;
export const selectCartCount = (state: SessionState) => state.cartCount;
