import { createHandlers, resetSessionForTests, setupApiForTests } from '@agri/api-client/testing';
import { setupServer } from 'msw/node';

/** One msw server per test file, answering every call of the contract from the fixtures. */
export function setupApiServer() {
  const server = setupServer(...createHandlers());
  beforeAll(() => {
    setupApiForTests();
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers(...createHandlers());
    resetSessionForTests();
  });
  afterAll(() => server.close());
  return server;
}
