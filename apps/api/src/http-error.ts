import type { ContentfulStatusCode } from 'hono/utils/http-status';

// A file of its own that imports nothing of the API: the rate limits services.ts builds throw it, and http.ts
// takes the Services type, so taking it from http.ts made a circle (http → services → rate-limit → http).

/** Thrown by a route; answered as `{ message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
