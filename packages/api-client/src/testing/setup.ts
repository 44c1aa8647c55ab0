import { configureApi, type ApiSettings } from '../settings';
import type { StoredCustomer } from '../contract';
import { clearSession, storeCustomer } from '../session/session-store';
import { fixtures } from './fixtures';
import { TEST_API_BASE_URL, TEST_REQUESTS_API_BASE_URL } from './handlers';

/** Settings for unit tests: the msw bases and a short timeout so timeout tests stay fast. */
export const TEST_API_SETTINGS: ApiSettings = {
  apiBaseUrl: TEST_API_BASE_URL,
  requestsApiBaseUrl: TEST_REQUESTS_API_BASE_URL,
  chatNumber: '254700000000',
  timeoutMs: 500,
};

/** Points the client at the msw bases; call it in beforeAll (or at the top of a test file). */
export function setupApiForTests(overrides: Partial<ApiSettings> = {}): ApiSettings {
  const settings = { ...TEST_API_SETTINGS, ...overrides };
  configureApi(settings);
  return settings;
}

/** Signs the fixtures' customer in (the mock handlers accept their token). */
export function signInForTests(customer: StoredCustomer = fixtures.storedCustomer): void {
  storeCustomer(customer);
}

/** Signs out and zeroes the cart count between tests. */
export function resetSessionForTests(): void {
  clearSession();
}
