/**
 * `navigator.onLine` under a test file's control: `connection.online = false` is a phone without a signal
 * (the outbox keeps what it is asked to send). Online again before each test.
 */
export function controlConnection(): { online: boolean } {
  const connection = { online: true };
  beforeAll(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => connection.online }));
  afterEach(() => {
    connection.online = true;
  });
  return connection;
}
