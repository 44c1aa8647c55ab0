import { ApiError, messageOf } from '../errors';

const refused = (status: number | null, serverMessage: string | null, message = 'Error Logging in') =>
  new ApiError({ message, kind: status === null ? 'network' : 'http', status, serverMessage, detail: 'test' });

describe('messageOf: the words a visitor sees for a failure', () => {
  it('by default, the error’s own message (the catalogue’s for its call), else the fallback', () => {
    expect(messageOf(refused(400, 'Email is already subscribed to the newsletter.', 'Email is already subscribed to the newsletter.'), 'x')).toBe(
      'Email is already subscribed to the newsletter.',
    );
    expect(messageOf(refused(500, 'Internal error', 'Error creating order'), 'Something went wrong!')).toBe('Error creating order');
    expect(messageOf(new Error(''), 'Something went wrong!')).toBe('Something went wrong!');
    expect(messageOf('not an error', 'Something went wrong!')).toBe('Something went wrong!');
  });

  it("from the server: its own words when it refused what was sent (a 4xx with a message), else the form's fixed message", () => {
    expect(messageOf(refused(401, 'Invalid email or password'), 'An error occurred', { from: 'server' })).toBe('Invalid email or password');
    expect(messageOf(refused(429, 'Too many attempts. Please try again in a minute.'), 'An error occurred', { from: 'server' })).toBe(
      'Too many attempts. Please try again in a minute.',
    );
    // A server error's words are not the visitor's to read; nor is a message that never came.
    expect(messageOf(refused(500, 'relation "users" does not exist'), 'An error occurred', { from: 'server' })).toBe('An error occurred');
    expect(messageOf(refused(400, null), 'An error occurred', { from: 'server' })).toBe('An error occurred');
    expect(messageOf(refused(null, null), 'An error occurred', { from: 'server' })).toBe('An error occurred');
  });
});
