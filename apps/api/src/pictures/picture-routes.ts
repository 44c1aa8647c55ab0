import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PICTURE_IN_USE_MESSAGE, pictureChangeSchema, pictureDescriptionSchema } from '@agri/api-client/staff-contract';
import { check, readBody } from '../http';
import { HttpError, notFound } from '../http-error';
import { pathId } from '../request-guards';
import type { Services } from '../services';
import { audit } from '../staff/audit';
import type { StaffEnv, StaffSessions } from '../staff/staff-sessions';
import { pictureStore, usesOf } from './picture-store';
import { MAX_PICTURE_BYTES, pixelsOf, processPicture, shareImage, uploadHashOf } from './processing';

/** Uploads are sent as their bytes, in a type no page of another site can send without a preflight. */
const PICTURE_UPLOAD_TYPE = /^(application\/octet-stream|image\/[\w.+-]+)\s*(;|$)/i;

/** Pictures waiting beyond the one being made: more, and staff are asked to try again shortly. */
const MAX_WAITING = 4;

/**
 * Pictures are made one at a time, whoever sends them: each takes a core for a second or more, and the
 * site's reads keep the other.
 */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (waiting > MAX_WAITING) throw new HttpError(503, 'Other pictures are being prepared: try again in a minute', { 'Retry-After': '60' });
    waiting += 1;
    const turn = last.then(work, work).finally(() => {
      waiting -= 1;
    });
    last = turn.catch(() => undefined);
    return turn;
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A picture is shown, never run: the same policy as the site's server gives the pictures it passes on. */
const PICTURE_HEADERS = { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Content-Security-Policy': "default-src 'none'; sandbox" };

/** The files of library pictures, under /static/pictures/ (which the site's server passes on to us). */
export function pictureFileRoutes(services: Services): Hono {
  const pictures = pictureStore(services.db, services.absoluteUrl);
  const send = (file: { content_type: string; bytes: Uint8Array } | undefined, headers: Record<string, string>) => {
    if (!file) throw notFound('Picture');
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': file.content_type, ...headers, ...PICTURE_HEADERS } });
  };
  return new Hono()
    .get('/files/:name{[0-9a-f]{20}-\\d{1,4}\\.(avif|webp|jpg)}', async (c) => {
      // A phone that asks to save data gets a narrower width at the same address: caches keep one of each.
      const saveData = c.req.header('Save-Data')?.trim().toLowerCase() === 'on';
      return send(await pictures.file(c.req.param('name'), { saveData }), { 'Cache-Control': IMMUTABLE, Vary: 'Save-Data' });
    })
    .get('/:id', async (c) => send(await pictures.fallback(pathId(c, 'Picture')), { 'Cache-Control': 'public, max-age=300' }));
}

/** The media library, /api/staff/pictures: upload, list (with where each is used), describe, move the focus, delete. */
export function pictureRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db, absoluteUrl } = services;
  const pictures = pictureStore(db, absoluteUrl);
  const staff = sessions.require();
  const queue = oneAtATime();
  const subject = (id: string) => `pictures:${id}`;

  return new Hono<StaffEnv>()
    .get('/pictures', staff, async (c) => c.json(await pictures.list()))
    .post(
      '/pictures',
      staff,
      bodyLimit({
        maxSize: MAX_PICTURE_BYTES,
        onError: (c) => c.json({ message: 'The photo is too large (at most 20 MB): scale it down and upload it again' }, 413, { Connection: 'close' }),
      }),
      async (c) => {
        if (!PICTURE_UPLOAD_TYPE.test(c.req.header('Content-Type') ?? '')) {
          throw new HttpError(415, 'A picture is sent as its bytes (Content-Type: application/octet-stream or image/…)');
        }
        const description = check(pictureDescriptionSchema, c.req.query('description') ?? '');
        const bytes = Buffer.from(await c.req.arrayBuffer());
        // A retry of an upload whose answer was lost: the picture it made.
        const kept = await pictures.byUpload(uploadHashOf(bytes));
        if (kept) return c.json(await pictures.staffAnswer(kept), 200);
        const processed = await queue(() => processPicture(bytes));
        const { row, created } = await pictures.save(processed, description);
        if (created) await audit(db, c.get('staff'), 'picture uploaded', subject(row.id), { after: { description, width: row.width, height: row.height } });
        return c.json(await pictures.staffAnswer(row), created ? 201 : 200);
      },
    )
    .put('/pictures/:id', staff, async (c) => {
      const id = pathId(c, 'Picture');
      const change = await readBody(c, pictureChangeSchema);
      const before = await pictures.row(id);
      if (!before) throw notFound('Picture');
      const moved = before.focus_x !== change.focus.x || before.focus_y !== change.focus.y;
      const largest = moved ? await pictures.largest(id) : undefined;
      const share = largest ? await queue(async () => shareImage(await pixelsOf(Buffer.from(largest)), change.focus)) : undefined;
      const row = await db.transaction(async (tx) => {
        const [after] = await tx.query<NonNullable<typeof before>>(
          'UPDATE pictures SET description = $2, focus_x = $3, focus_y = $4 WHERE id = $1 RETURNING *',
          [id, change.description, change.focus.x, change.focus.y],
        );
        if (!after) throw notFound('Picture');
        if (share) {
          await tx.query("DELETE FROM picture_files WHERE picture_id = $1 AND kind = 'share'", [id]);
          await tx.query(
            'INSERT INTO picture_files (name, picture_id, kind, content_type, width, height, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING',
            [share.name, id, share.kind, share.contentType, share.width, share.height, share.bytes],
          );
        }
        await audit(tx, c.get('staff'), 'picture described', subject(id), {
          before: { description: before.description, focus: { x: before.focus_x, y: before.focus_y } },
          after: change,
        });
        return after;
      });
      return c.json(await pictures.staffAnswer(row));
    })
    .delete('/pictures/:id', staff, async (c) => {
      const id = pathId(c, 'Picture');
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ description: string }>('SELECT description FROM pictures WHERE id = $1 FOR UPDATE', [id]);
        if (!row) throw notFound('Picture');
        if ((await usesOf(tx, id)).length > 0) throw new HttpError(409, PICTURE_IN_USE_MESSAGE);
        await tx.query('DELETE FROM pictures WHERE id = $1', [id]);
        await audit(tx, c.get('staff'), 'picture deleted', subject(id), { before: row });
      });
      return c.json({ message: 'Picture deleted' });
    });
}
