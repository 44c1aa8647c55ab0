export { fixtures, type Fixtures } from './fixtures';
export {
  createHandlers,
  apiUrl,
  errorResponse,
  malformedResponse,
  delayedResponse,
  networkFailure,
  TEST_API_BASE_URL,
  TEST_REQUESTS_API_BASE_URL,
  type HandlerBases,
  type Method,
  type Base,
} from './handlers';

export { TEST_API_SETTINGS, setupApiForTests, signInForTests, resetSessionForTests } from './setup';
export { startMockApi } from './mock-api';
export { controlConnection } from './connection';
