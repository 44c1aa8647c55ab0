import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createHash } from 'node:crypto';
import type { Db } from './db/db';
import { sourceOf } from './http';
import { HttpError } from './http-error';
import { refuseOver } from './rate-limit';
import { secretBox } from './secret-box';
import type { Services } from './services';

/** How long the first answer to a key is given to its repeats (issue 38: the outbox may replay hours later). */
const KEPT_HOURS = 24;
/** A claim this old without an answer is of an instance that stopped halfway: a repeat may take it over. */
const CLAIM_STALE_SECONDS = 60;
/** How long a repeat waits for the first request's answer while that is still being made. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 100;
/** Expired keys are swept at most this often by each route's guard. */
const SWEEP_EVERY_MS = 60_000;
/**
 * The keys one client address may hold (KEPT_HOURS) and the table in all: every key is of a write that passed its
 * route's limits, so these are reached only by a flood from many addresses; past them a write is refused, never made
 * without its key (a repeat could then make it twice). The table's size is looked at once a minute per instance.
 */
export const KEY_LIMITS = { perSource: 500, total: 500_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only a write that was made is answered again: a refusal costs nothing to store, and its repeat is checked anew. */
const kept = (status: number) => status >= 200 && status < 300;

interface KeyRow {
  fingerprint: string;
  status: number | null;
  answer: string | null;
  stale: boolean;
}

type StoredAnswer = { body: string; contentType: string | null };

/** The key's row (unexpired) once its first request has answered, waiting up to WAIT_FOR_FIRST_MS; null if there is none. */
async function answered(db: Db, scope: string, key: string): Promise<KeyRow | null> {
  for (let waited = 0; ; waited += POLL_MS) {
    const [row] = await db.query<KeyRow>(
      `SELECT fingerprint, status, answer, claimed_at < now() - $3 * interval '1 second' AS stale
       FROM idempotent_requests WHERE scope = $1 AND key = $2 AND claimed_at > now() - $4 * interval '1 hour'`,
      [scope, key, CLAIM_STALE_SECONDS, KEPT_HOURS],
    );
    if (!row || row.status !== null || row.stale || waited >= WAIT_FOR_FIRST_MS) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Claims the key for this request: a new key, an expired one, or one whose first request stopped halfway. */
async function claim(db: Db, scope: string, key: string, fingerprint: string, source: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO idempotent_requests (scope, key, fingerprint, source) VALUES ($1, $2, $3, $6)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, source = excluded.source, claimed_at = now(), status = NULL, answer = NULL
     WHERE idempotent_requests.claimed_at < now() - $4 * interval '1 hour'
       OR (idempotent_requests.status IS NULL AND idempotent_requests.claimed_at < now() - $5 * interval '1 second')
     RETURNING key`,
    [scope, key, fingerprint, KEPT_HOURS, CLAIM_STALE_SECONDS, source],
  );
  return rows.length === 1;
}

/** Refuses a new key past KEY_LIMITS: 429 for its source, 503 for the whole table (looked at once a minute). */
function keyCaps(db: Db) {
  let tableFull = { at: 0, full: false };
  return async (source: string) => {
    const [{ held } = { held: 0 }] = await db.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM idempotent_requests WHERE source = $1 AND claimed_at > now() - $2 * interval '1 hour'`,
      [source, KEPT_HOURS],
    );
    refuseOver(held < KEY_LIMITS.perSource ? { allowed: true } : { allowed: false, retryAfterSeconds: 15 * 60 });
    if (Date.now() - tableFull.at > SWEEP_EVERY_MS) {
      const [{ rows } = { rows: 0 }] = await db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM idempotent_requests');
      tableFull = { at: Date.now(), full: rows >= KEY_LIMITS.total };
    }
    if (tableFull.full) throw new HttpError(503, 'We are taking too many requests just now. Please try again in a few minutes.', { 'Retry-After': '60' });
  };
}

/** What a request's key stands for, set by `once` for its route's handler to claim (claimKey). */
interface KeyOfRequest {
  claim(): Promise<void>;
}

declare module 'hono' {
  interface ContextVariableMap {
    idempotencyKey: KeyOfRequest;
  }
}

/** The answer a repeat is given instead of being handled: thrown, so a handler that claims needs no branch of its own. */
const answerInstead = (response: Response) => new HTTPException(200, { res: response });

/**
 * Every write that creates something (a lead, a booking, a registration, a cart line, an order, a payment), once
 * per `Idempotency-Key` (a UUID the client makes once per user action and sends again with each retry of it,
 * the outbox's replay too), within its scope (the route and the signed-in customer or staff member, placed after
 * requireCustomer or the staff session's check).
 * A repeat of a write that was made gets its first answer (`Idempotent-Replayed: true`, kept KEPT_HOURS) and writes
 * nothing, on any instance; a repeat that arrives while the first is being handled waits for its answer; a key sent
 * again with another body is refused (422). A new key is claimed only by the route's handler, with claimKey, once the
 * request has passed its limits and its body check: a refused request stores nothing. A request without the header is
 * handled as before (other clients; the leads still match a word-for-word repeat, requests.ts).
 */
export function once(services: Services): MiddlewareHandler {
  const { db } = services;
  const box = secretBox(services.config.jwtSecret, 'idempotent-answer');
  let sweptAt = 0;
  const refuseWhenFull = keyCaps(db);

  const replay = (c: Context, status: number, sealed: string) => {
    const { body, contentType } = JSON.parse(box.open(sealed)) as StoredAnswer;
    return c.body(body, status as 200, { ...(contentType ? { 'Content-Type': contentType } : {}), 'Idempotent-Replayed': 'true' });
  };

  /** The answer a repeat gets: the first one, once made; a 422 for another body; null when the key is free. */
  const earlier = async (c: Context, scope: string, key: string, fingerprint: string): Promise<Response | null> => {
    const first = await answered(db, scope, key);
    if (!first) return null;
    if (first.fingerprint !== fingerprint) throw new HttpError(422, 'This Idempotency-Key was already used for another request');
    if (first.status !== null && first.answer !== null) return replay(c, first.status, first.answer);
    // Its instance stopped halfway: this request may take the key over.
    if (first.stale) return null;
    // Still being handled: never a second write now; the client tries again.
    throw new HttpError(409, 'The same request is still being handled. Please try again in a moment.', { 'Retry-After': '1' });
  };

  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) return next();
    if (!UUID.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be a UUID');
    const { customer, staff } = c.var as { customer?: { id: string }; staff?: { id: string } };
    const scope = `${c.req.method} ${c.req.path.replace(/\/+$/, '')} ${customer?.id ?? staff?.id ?? ''}`;
    const fingerprint = createHash('sha256')
      .update(await c.req.text())
      .digest('base64url');
    if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
      sweptAt = Date.now();
      await db.query(`DELETE FROM idempotent_requests WHERE claimed_at < now() - $1 * interval '1 hour'`, [KEPT_HOURS]);
    }
    const repeated = await earlier(c, scope, key, fingerprint);
    if (repeated) return repeated;

    let claimed = false;
    c.set('idempotencyKey', {
      async claim() {
        const source = sourceOf(c, services);
        await refuseWhenFull(source);
        if (await claim(db, scope, key, fingerprint, source)) return void (claimed = true);
        // Another request with this key claimed it since it was looked at: its answer, or a 409 meanwhile.
        const first = await earlier(c, scope, key, fingerprint);
        if (first) throw answerInstead(first);
        throw new HttpError(409, 'The same request is still being handled. Please try again in a moment.', { 'Retry-After': '1' });
      },
    });
    try {
      await next();
    } finally {
      if (claimed) await keep(c, scope, key);
    }
  };

  async function keep(c: Context, scope: string, key: string) {
    const status = c.res.status;
    if (kept(status)) {
      const answer: StoredAnswer = { body: await c.res.text(), contentType: c.res.headers.get('Content-Type') };
      c.res = new Response(answer.body, c.res);
      await db.query('UPDATE idempotent_requests SET status = $3, answer = $4 WHERE scope = $1 AND key = $2', [
        scope,
        key,
        status,
        box.seal(JSON.stringify(answer)),
      ]);
    } else {
      // Refused, or it failed (and was rolled back): nothing was made, and the next try with this key is a first one.
      await db.query('DELETE FROM idempotent_requests WHERE scope = $1 AND key = $2 AND status IS NULL', [scope, key]);
    }
  }
}

/**
 * Claims the request's Idempotency-Key, if it carries one, once the handler has checked what it must (its limits, its
 * body): from here the write is made once. A request with the same key that got there first is answered instead.
 */
export async function claimKey(c: Context): Promise<void> {
  await c.get('idempotencyKey')?.claim();
}
