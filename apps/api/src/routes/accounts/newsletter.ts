import { Hono } from 'hono';
import { NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE, newsletterRequestSchema } from '@agri/api-client/contract';
import { subscribe } from '../../accounts/newsletter';
import { readBody, sourceOf } from '../../http';
import { HttpError } from '../../http-error';
import { once } from '../../idempotency';
import type { Services } from '../../services';

/** POST subscribe/newsletter: the spec answers a known email with a 400 of its own words. */
export function newsletterRoutes(services: Services): Hono {
  const { db, limits } = services;
  return new Hono().post('/subscribe/newsletter', once(services), async (c) => {
    const { email } = await readBody(c, newsletterRequestSchema);
    // The spec's answer tells who is subscribed: this limit is what keeps anyone from testing addresses in bulk.
    await limits.writes.newsletter.enforce(sourceOf(c, services), email);
    if (!(await subscribe(db, email.toLowerCase()))) throw new HttpError(400, NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE);
    return c.json({ message: 'Subscribed to the newsletter successfully' });
  });
}
