import { Hono } from 'hono';
import { NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE, newsletterRequestSchema } from '@agri/api-client/contract';
import { subscribe } from '../../accounts/newsletter';
import { HttpError, readBody } from '../../http';
import type { Services } from '../../services';

/** POST subscribe/newsletter: the spec answers a known email with a 400 of its own words. */
export function newsletterRoutes({ db }: Services): Hono {
  return new Hono().post('/subscribe/newsletter', async (c) => {
    const { email } = await readBody(c, newsletterRequestSchema);
    if (!(await subscribe(db, email.toLowerCase()))) throw new HttpError(400, NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE);
    return c.json({ message: 'Subscribed to the newsletter successfully' });
  });
}
