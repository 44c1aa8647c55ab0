import type { Context, MiddlewareHandler } from 'hono';
import { createHash } from 'node:crypto';
import type { Db } from './db/db';
import { HttpError } from './http-error';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answers a repeat gets again: a refusal for a reason that passes (408, 409, 429) and a server failure do not stay. */
const kept = (status: number) => status < 500 && ![408, 409, 429].includes(status);

interface KeyRow {
  fingerprint: string;
  status: number | null;
  answer: string | null;
  stale: boolean;
}

type StoredAnswer = { body: string; contentType: string | null };

/** The key's row once its first request has answered, waiting up to WAIT_FOR_FIRST_MS; null if there is none. */
async function answered(db: Db, scope: string, key: string): Promise<KeyRow | null> {
  for (let waited = 0; ; waited += POLL_MS) {
    const [row] = await db.query<KeyRow>(
      `SELECT fingerprint, status, answer, claimed_at < now() - $3 * interval '1 second' AS stale
       FROM idempotent_requests WHERE scope = $1 AND key = $2`,
      [scope, key, CLAIM_STALE_SECONDS],
    );
    if (!row || row.status !== null || row.stale || waited >= WAIT_FOR_FIRST_MS) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Claims the key for this request: a new key, an expired one, or one whose first request stopped halfway. */
async function claim(db: Db, scope: string, key: string, fingerprint: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO idempotent_requests (scope, key, fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, claimed_at = now(), status = NULL, answer = NULL
     WHERE idempotent_requests.claimed_at < now() - $4 * interval '1 hour'
       OR (idempotent_requests.status IS NULL AND idempotent_requests.claimed_at < now() - $5 * interval '1 second')
     RETURNING key`,
    [scope, key, fingerprint, KEPT_HOURS, CLAIM_STALE_SECONDS],
  );
  return rows.length === 1;
}

/**
 * Every write that creates something (a lead, a booking, a registration, a cart line, an order, a payment), once
 * per `Idempotency-Key` (a UUID the client makes once per user action and sends again with each retry of it,
 * the outbox's replay too): the first request claims the key, within its scope (the route and the signed-in
 * customer, placed after requireCustomer), and its answer is kept for KEPT_HOURS; a repeat gets that answer
 * (`Idempotent-Replayed: true`) and writes nothing, on any instance. A key sent again with another body is
 * refused (422); a repeat that arrives while the first is being handled waits for its answer. A request without
 * the header is handled as before (other clients; the leads still match a word-for-word repeat, requests.ts).
 */
export function once(services: Services): MiddlewareHandler {
  const { db } = services;
  const box = secretBox(services.config.jwtSecret, 'idempotent-answer');
  let sweptAt = 0;

  const replay = (c: Context, status: number, sealed: string) => {
    const { body, contentType } = JSON.parse(box.open(sealed)) as StoredAnswer;
    return c.body(body, status as 200, { ...(contentType ? { 'Content-Type': contentType } : {}), 'Idempotent-Replayed': 'true' });
  };

  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) return next();
    if (!UUID.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be a UUID');
    const customer = (c.var as { customer?: { id: string } }).customer?.id ?? '';
    const scope = `${c.req.method} ${c.req.path.replace(/\/+$/, '')} ${customer}`;
    const fingerprint = createHash('sha256')
      .update(await c.req.text())
      .digest('base64url');
    if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
      sweptAt = Date.now();
      await db.query(`DELETE FROM idempotent_requests WHERE claimed_at < now() - $1 * interval '1 hour'`, [KEPT_HOURS]);
    }

    if (!(await claim(db, scope, key, fingerprint))) {
      const first = await answered(db, scope, key);
      if (first && first.fingerprint !== fingerprint) {
        throw new HttpError(422, 'This Idempotency-Key was already used for another request');
      }
      if (first?.status != null && first.answer !== null) return replay(c, first.status, first.answer);
      // Still being handled (or its answer went since): never a second write now; the client tries again.
      if (!first?.stale || !(await claim(db, scope, key, fingerprint))) {
        throw new HttpError(409, 'The same request is still being handled. Please try again in a moment.', { 'Retry-After': '1' });
      }
    }

    try {
      await next();
    } finally {
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
        // Nothing was written (or it was rolled back): the next try with this key is a first one.
        await db.query('DELETE FROM idempotent_requests WHERE scope = $1 AND key = $2 AND status IS NULL', [scope, key]);
      }
    }
  };
}
