// Run by tooling/test-runners/jest/console-guard.test.mjs, not by the unit suite: which of
// these tests the console guard of setup.ts fails, and with what message.
test('is quiet', () => {});

test('prints an error', () => {
  console.error('boom: %s', 'the detail');
});

test('prints a warning', () => {
  console.warn('careful');
});

test('expects its error', () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  console.error('expected');
  expect(consoleError).toHaveBeenCalledWith('expected');
  consoleError.mockRestore();
});

test('leaves an error to print after it ends', () => {
  setTimeout(() => console.error('late'), 0);
});
