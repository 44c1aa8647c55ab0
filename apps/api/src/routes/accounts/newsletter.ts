import { Hono } from 'hono';
import { NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE, newsletterRequestSchema } from '@agri/api-client/contract';
import { subscribe } from '../../accounts/newsletter';
import { HttpError } from '../../http-error';
import { once } from '../../idempotency';
import type { Services } from '../../services';
import { admitPublicWrite } from '../public-write';

/** POST subscribe/newsletter: the spec answers a known email with a 400 of its own words. */
export function newsletterRoutes(services: Services): Hono {
  const { db } = services;
  return new Hono().post('/subscribe/newsletter', once(services), async (c) => {
    // The spec's answer tells who is subscribed: these limits are what keep anyone from testing addresses in bulk.
    const { email } = await admitPublicWrite(c, services, 'newsletter', newsletterRequestSchema, (body) => body.email);
    if (!(await subscribe(db, email.toLowerCase()))) throw new HttpError(400, NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE);
    return c.json({ message: 'Subscribed to the newsletter successfully' });
  });
}
