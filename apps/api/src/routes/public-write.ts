import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { readBody, sourceOf } from '../http';
import { claimKey } from '../idempotency';
import type { PublicWrite, Services } from '../services';

/**
 * A public write let through, in this order: its client address counted (every try, so a flood of bad bodies meets
 * the 429 too), its body checked, the email it names counted, and only then its Idempotency-Key claimed (claimKey):
 * nothing refused is stored. The body, as the schema reads it.
 */
export async function admitPublicWrite<Schema extends z.ZodMiniType>(
  c: Context,
  services: Services,
  write: PublicWrite,
  schema: Schema,
  emailOf: (body: z.output<Schema>) => string,
): Promise<z.output<Schema>> {
  const limit = services.limits.writes[write];
  await limit.fromSource(sourceOf(c, services));
  const body = await readBody(c, schema);
  await limit.naming(emailOf(body));
  await claimKey(c);
  return body;
}
