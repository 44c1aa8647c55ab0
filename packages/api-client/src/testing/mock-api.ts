import { setupServer, type SetupServer } from 'msw/node';
import type { ApiSettings } from '../settings';
import { createHandlers } from './handlers';
import { resetSessionForTests, setupApiForTests } from './setup';

/**
 * The contract's msw handlers for one test file: the client points at them,
 * and every test starts with fresh mock data and a signed-out session.
 * Tests override single calls with `server.use(...)`.
 */
export function startMockApi(settings: Partial<ApiSettings> = {}): SetupServer {
  const server = setupServer(...createHandlers());
  beforeAll(() => {
    setupApiForTests(settings);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers(...createHandlers());
    resetSessionForTests();
  });
  afterAll(() => server.close());
  return server;
}
