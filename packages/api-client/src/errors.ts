/**
 * Why a call failed: the server said no, it was unreachable, it was too slow, or it answered nonsense; or it
 * was kept on the phone, offline, to be sent when the connection returns (outbox.ts).
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'malformed' | 'invalid' | 'kept';

/** How a call turns a failure into the message the spec's error catalogue names. */
export interface ErrorPolicy {
  /** The catalogue's thrown message for this call, e.g. 'Error adding to cart'. */
  fallback: string;
  /** The catalogue shows the server's `message` for this call when there is one (a 429's is shown for every call). */
  useServerMessage?: boolean;
  /** No answer says why (UNANSWERED_MESSAGES), where the catalogue has no words of its own for it (the back office). */
  namesTheLink?: boolean;
}

/** A call that got no answer, in words that say what to do. */
export const UNANSWERED_MESSAGES = {
  timeout: 'The server took too long to answer. Please try again.',
  network: 'The server cannot be reached. Check your connection and try again.',
} as const;

/** The one error every client function throws. `message` is ready to show to the customer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** The `message` field of the server's error body, if it sent one. */
  readonly serverMessage: string | null;
  /** A technical description for logs, e.g. 'timeout of 10000ms exceeded'. */
  readonly detail: string;

  constructor(init: { message: string; kind: ApiErrorKind; status?: number | null; serverMessage?: string | null; detail: string }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.detail = init.detail;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Shown when the server rejects the stored token; the session has then been signed out. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/**
 * The catalogue's message for a change to the customer's cart, order, profile or password that failed (spec
 * section 8), and for the account's reads that fail without a message of their own.
 */
export const ACCOUNT_FALLBACK = 'Something Went Wrong!';

/**
 * The one way a failure becomes the words a visitor sees (spec section 8):
 * - by default, the error's own message (an ApiError's follows the catalogue for its call: the server's message
 *   where the catalogue shows it, else the call's named fallback), else `fallback`;
 * - `{ from: 'server' }`: the server's own words when it refused what was sent (a 4xx answer with a message: a
 *   wrong password, a common one, a limit reached), which the visitor can act on; else `fallback`, the form's
 *   fixed message in the spec (a login's 'An error occurred').
 */
export function messageOf(error: unknown, fallback: string, { from = 'error' }: { from?: 'error' | 'server' } = {}): string {
  if (from === 'server') {
    const refused = isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;
    return refused && error.serverMessage ? error.serverMessage : fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
