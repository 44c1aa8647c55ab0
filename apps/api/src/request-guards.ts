import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { idSchema } from '@agri/api-client/contract';
import { notFound } from './http-error';
import type { Logger } from './log';

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

/** Every request body the API takes is a small JSON form, but a photo's. */
export const MAX_BODY_BYTES = 100 * 1024;

/** A fresh id per request (never the client's), answered in X-Request-Id and logged with any failure. */
export const requestId = createMiddleware(async (c, next) => {
  const id = randomUUID();
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
});

/** Sent as text/plain, which needs no preflight request first (a round trip more on a slow link). */
const REPORTS_PATHS = new Set(['/api/reports', '/api/reports/session']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * A write that carries a body must declare it as JSON. A page on another site can post text/plain, a form or
 * an untyped Blob from a visitor's browser without a CORS preflight, but not application/json.
 * The body is known from the HTTP framing headers; bodiless writes (axios sends its default form type with
 * Content-Length: 0) pass.
 */
export const requireJsonBody = createMiddleware(async (c, next) => {
  // Browser reports come as navigator.sendBeacon sends them (text/plain: a beacon cannot send JSON's type
  // to another origin) and as the browser's own CSP reports: anonymous facts, asking for no session; a
  // visit's report session is asked for the same way.
  if (REPORTS_PATHS.has(c.req.path)) return next();
  // A photo is sent as its bytes, in a type that needs a preflight as JSON's does (its route checks it).
  if (isPictureUpload(c)) return next();
  const length = c.req.header('Content-Length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
  if (WRITES.has(c.req.method) && hasBody && !JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
    return c.json({ message: 'The request body must be sent as JSON (Content-Type: application/json)' }, 415);
  }
  await next();
});

/**
 * Refuses a larger body before any route reads it; a chunked body is counted as it arrives. The rest of the
 * body is not read, so the connection closes after the answer rather than being reused mid-body.
 */
const smallBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json({ message: 'The request body is too large (at most 100 KB)' }, 413, { Connection: 'close' }),
});
/** Photo uploads have their own limit, on their route (pictures/picture-routes.ts). */
export const limitBody = createMiddleware(async (c, next) => (isPictureUpload(c) ? next() : smallBody(c, next)));

/** Where staff send a photo (pictures/picture-routes.ts). */
const PICTURE_UPLOAD_PATH = '/api/staff/pictures';
const isPictureUpload = (c: Context) => c.req.method === 'POST' && c.req.path === PICTURE_UPLOAD_PATH;

/** A path id checked with the contract's id schema before it reaches a query: a malformed id names nothing, so 404. */
export function pathId(c: Context, what: string, name = 'id'): string {
  const id = c.req.param(name);
  if (id === undefined || !idSchema.safeParse(id).success) throw notFound(what);
  return id;
}

/**
 * One log line per answered request: its id, method, route pattern (not the path, which may hold a reset
 * token), status and duration. Nothing of the request's content.
 */
export const logRequests = (log: Logger) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
    });
  });

/**
 * The log line of an unexpected failure: request id, method, route pattern and status, then the error.
 * Database errors carry no data (see DatabaseError); routes never put request data in their own errors.
 */
export function logServerError(log: Logger, c: Context, error: unknown): void {
  log.error('request failed', {
    requestId: c.get('requestId'),
    method: c.req.method,
    route: c.req.routePath,
    status: 500,
    error: error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : 'a non-Error value was thrown',
  });
}
