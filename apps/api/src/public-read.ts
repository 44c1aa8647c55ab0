import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * Answers a public read (the course, event and blog lists and items) so that a page can confirm what it
 * shows for a few hundred bytes: a strong ETag made from the body, `Cache-Control: no-cache` (keep it,
 * but ask every time), and 304 with no body when the client already holds this answer. The tag is the
 * body's hash, so any change to what is sent (a price, a removed event, a new post) changes it.
 */
export function publicRead(c: Context, body: unknown): Response {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'no-cache');
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(json);
}

/** RFC 9110: If-None-Match compares weakly; `*` matches any current answer. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
