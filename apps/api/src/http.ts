import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIPv6 } from 'node:net';
import type * as z from 'zod/mini';
import { HttpError } from './http-error';
import type { Services } from './services';

export const NOT_AUTHORISED = 'Not authorised, please log in again';

/** Parses the JSON body with the contract schema; a 400 with the first problem otherwise. */
export async function readBody<Schema extends z.ZodMiniType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body must be JSON');
  }
  return check(schema, body);
}

// Zod's own messages name no field; the contract's form messages ('Area is Required') already do.
const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

/** Checks a value with a contract schema; a 400 with the first problem otherwise. */
export function check<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new HttpError(400, 'Invalid request');
  const field = issue.path.join('.');
  throw new HttpError(400, field && GENERIC_MESSAGE.test(issue.message) ? `${field}: ${issue.message}` : issue.message);
}

export interface SignedInCustomer {
  id: string;
  sessionId: string;
  token: string;
}

export type AuthEnv = { Variables: { customer: SignedInCustomer } };

/** The bearer token of the request, if any. */
export const bearer = (c: Context): string | null => {
  const header = c.req.header('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || null : null;
};

/** 401 unless a valid, unrevoked token is sent. */
export const requireCustomer = (services: Services) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const token = bearer(c);
    const session = token ? await services.sessions.verify(services.db, token) : null;
    if (!token || !session) throw new HttpError(401, NOT_AUTHORISED);
    c.set('customer', { id: session.ownerId, sessionId: session.sessionId, token });
    await next();
  });

/** The signed-in customer's id if a valid token is sent; never fails. */
export async function optionalCustomerId(c: Context, services: Services): Promise<string | null> {
  const token = bearer(c);
  if (!token) return null;
  return (await services.sessions.verify(services.db, token))?.ownerId ?? null;
}

/** Personal data and tokens are never kept by a browser or a proxy: every answer of a group that serves them. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

/** The client's address for rate limits (see clientAddress and addressGroup), as the routes need it. */
export const sourceOf = (c: Context, services: Services): string => addressGroup(clientAddress(c, services.config.trustedProxyHops));

/**
 * The source a limit counts for an address: an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * and an IPv6 address's /64, which one subscriber holds whole (millions of addresses: counted one by one, a single
 * client would pass for a crowd).
 */
export function addressGroup(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain)) return address;
  const [head = '', tail] = plain.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An IPv4 address written at the end takes the last two groups.
  const written = headGroups.length + tailGroups.length + (tailGroups.at(-1)?.includes('.') || headGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - written)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address for rate limits. X-Forwarded-For is trusted only for the proxies the operator
 * declares (TRUSTED_PROXY_HOPS): each appends the address it saw, so the entry that many places from the
 * right is the one our nearest untrusted peer cannot forge. app.request() in tests has no socket.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const address = forwarded[forwarded.length - trustedProxyHops];
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
