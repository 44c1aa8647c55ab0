import * as z from 'zod/mini';

/** The API addresses and chat number every app reads from the run-time config. */
export const apiSettingsSchema = z.object({
  /** Main API root, e.g. http://localhost:4000/api/ */
  apiBaseUrl: z.url(),
  /** Second API base: booking and course requests, e.g. http://localhost:4000/requests/ */
  requestsApiBaseUrl: z.url(),
  /** Chat-message number in international form without '+', e.g. 254700000000. */
  chatNumber: z.string().check(z.regex(/^\d{9,15}$/, 'chatNumber must be 9 to 15 digits')),
  /** Where the API's images come from besides the API itself, e.g. a hosted API's CDN (the CSP allows them). */
  imageOrigins: z.optional(z.array(z.url())),
  /**
   * The path under which the API serves its own pictures, e.g. '/static/', when the site's server passes that
   * path on to the API (docs/production.md): those pictures are then read from the site's origin (pictureUrl).
   */
  picturesPath: z.optional(z.string().check(z.regex(/^\/([\w-]+\/)+$/, 'picturesPath must be a path such as /static/'))),
  /** The API takes M-Pesa payments (POST payments): the pages offer Pay with M-Pesa. A hosted API without them leaves it out. */
  mpesa: z.optional(z.boolean()),
  /** Time limit of every call; tests shorten it. */
  timeoutMs: z.optional(z.int().check(z.positive())),
});
export type ApiSettings = z.infer<typeof apiSettingsSchema>;

export const DEFAULT_TIMEOUT_MS = 10_000;

let current: ApiSettings | null = null;

export function configureApi(settings: ApiSettings): void {
  current = apiSettingsSchema.parse(settings);
}

export function getApiSettings(): ApiSettings {
  if (!current) throw new Error('The API is not configured: call configureApi() at start-up.');
  return current;
}

/** A chat-message link to the business's number with the text prefilled; opening it is not an API call. */
export function chatLink(text: string): string {
  return `https://wa.me/${getApiSettings().chatNumber}?text=${encodeURIComponent(text)}`;
}
