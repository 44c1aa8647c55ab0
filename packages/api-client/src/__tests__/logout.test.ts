import { setupServer } from 'msw/node';
import { storeCart, useSession } from '../session/session-store';
import { logout } from '../user';
import { createHandlers, errorResponse, resetSessionForTests, setupApiForTests, signInForTests } from '../testing';

const server = setupServer(...createHandlers());
beforeAll(() => {
  setupApiForTests();
  server.listen();
});
afterEach(() => {
  server.resetHandlers(...createHandlers());
  resetSessionForTests();
});
afterAll(() => server.close());

describe('logout', () => {
  it('tells the server, then clears the session and all browser storage', async () => {
    signInForTests();
    storeCart(2, ['c1']);
    sessionStorage.setItem('draft', 'x');
    await expect(logout()).resolves.toBeUndefined();
    expect(useSession.getState()).toMatchObject({ customer: null, cartCount: 0 });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the session when the server could not log out', async () => {
    signInForTests();
    server.use(errorResponse('get', 'user/logout', { status: 500 }));
    await expect(logout()).rejects.toMatchObject({ message: 'Error logging out' });
    expect(useSession.getState().customer).not.toBeNull();
  });
});
