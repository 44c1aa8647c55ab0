import { act } from '@testing-library/react';
import { selectCartCount, selectIsSignedIn, tokenOf, useSession } from '../index';
import { clearSession, storeCart, storeCustomer, storeProfile } from '../session/session-store';
import { CART_COUNT_KEY, CUSTOMER_KEY } from '../storage-keys';
import { fixtures, resetSessionForTests } from '../testing';

afterEach(resetSessionForTests);

describe('session store', () => {
  it('stores the whole login response under the customer key', () => {
    const loginResponse = { ...fixtures.storedCustomer, role: 'customer' };
    storeCustomer(loginResponse);
    expect(JSON.parse(localStorage.getItem(CUSTOMER_KEY) ?? 'null')).toEqual(loginResponse);
    expect(selectIsSignedIn(useSession.getState())).toBe(true);
  });

  it('replaces the customer after fetch-user', () => {
    storeCustomer(fixtures.storedCustomer);
    const fetched = { ...fixtures.storedCustomer, mobile: '700000001' };
    storeCustomer(fetched);
    expect(useSession.getState().customer).toEqual(fetched);
    expect(JSON.parse(localStorage.getItem(CUSTOMER_KEY) ?? 'null')).toEqual(fetched);
  });

  it('keeps _id and token on a profile update', () => {
    storeCustomer(fixtures.storedCustomer);
    storeProfile({ firstname: 'Zawadi', lastname: 'Otieno', email: 'zawadi@example.co.ke', mobile: '711' });
    const customer = useSession.getState().customer;
    expect(customer).toEqual({
      _id: fixtures.storedCustomer._id,
      token: fixtures.storedCustomer.token,
      firstname: 'Zawadi',
      lastname: 'Otieno',
      email: 'zawadi@example.co.ke',
      mobile: '711',
    });
    expect(JSON.parse(localStorage.getItem(CUSTOMER_KEY) ?? 'null')).toEqual(customer);
  });

  it('ignores a profile update when signed out', () => {
    storeProfile({ firstname: 'A', lastname: 'B', email: 'a@b.co', mobile: '1' });
    expect(useSession.getState().customer).toBeNull();
    expect(localStorage.getItem(CUSTOMER_KEY)).toBeNull();
  });

  it('keeps the cart count in storage, for the header of a document with islands', () => {
    storeCart(2, ['c1']);
    expect(localStorage.getItem(CART_COUNT_KEY)).toBe('2');
  });

  it('clears the customer, the cart count and all browser storage on sign-out', () => {
    storeCustomer(fixtures.storedCustomer);
    storeCart(3, ['c1', 'c2']);
    localStorage.setItem('other', 'x');
    sessionStorage.setItem('draft', 'y');
    clearSession();
    expect(useSession.getState().customer).toBeNull();
    expect(selectCartCount(useSession.getState())).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('follows a login and a logout in another tab', () => {
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: CUSTOMER_KEY,
          newValue: JSON.stringify(fixtures.storedCustomer),
          storageArea: localStorage,
        }),
      );
    });
    expect(useSession.getState().customer).toEqual(fixtures.storedCustomer);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null, storageArea: localStorage }));
    });
    expect(useSession.getState().customer).toBeNull();
  });

  it('ignores other keys and a corrupt stored customer', () => {
    storeCustomer(fixtures.storedCustomer);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: localStorage }));
    expect(useSession.getState().customer).toEqual(fixtures.storedCustomer);
    window.dispatchEvent(new StorageEvent('storage', { key: CUSTOMER_KEY, newValue: '{not json', storageArea: localStorage }));
    expect(useSession.getState().customer).toBeNull();
  });

  it('finds the token at the top level or under user', () => {
    expect(tokenOf(fixtures.storedCustomer)).toBe('test-token');
    expect(tokenOf({ ...fixtures.customer, user: { token: 'nested' } })).toBe('nested');
    expect(tokenOf({ ...fixtures.customer })).toBeNull();
    expect(tokenOf(null)).toBeNull();
  });
});

describe('session store start-up', () => {
  it('reads a stored customer and rejects a corrupt one', () => {
    localStorage.setItem(CUSTOMER_KEY, JSON.stringify(fixtures.storedCustomer));
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('../session/session-store')>('../session/session-store');
      expect(fresh.useSession.getState().customer).toEqual(fixtures.storedCustomer);
    });
    localStorage.setItem(CUSTOMER_KEY, '{"_id": 5}');
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('../session/session-store')>('../session/session-store');
      expect(fresh.useSession.getState().customer).toBeNull();
    });
  });

  it('shows a prerendered page signed out while React takes it over, then the stored customer', () => {
    localStorage.setItem(CUSTOMER_KEY, JSON.stringify(fixtures.storedCustomer));
    jest.isolateModules(() => {
      const { renderToString } = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
      const fresh = jest.requireActual<typeof import('../session/session-store')>('../session/session-store');
      function Greeting() {
        const customer = fresh.useSession(fresh.selectCustomer);
        return customer ? `Hello ${customer.firstname}` : 'Log In';
      }
      // What React reads while it prerenders and while it takes a page over: the page as made.
      expect(renderToString(<Greeting />)).toBe('Log In');
      expect(fresh.useSession.getState().customer).toEqual(fixtures.storedCustomer);
    });
  });
});
