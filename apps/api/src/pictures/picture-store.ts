import { randomUUID } from 'node:crypto';
import type { Image } from '@agri/api-client/contract';
import { PICTURE_REFERENCE, pictureReference, type StaffPicture } from '@agri/api-client/staff-contract';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http-error';
import type { Focus, PictureFile, ProcessedPicture } from './processing';

interface PictureRow {
  id: string;
  description: string;
  width: number;
  height: number;
  focus_x: number;
  focus_y: number;
  placeholder: string;
  created_at: Date;
}

type FileRow = Omit<PictureFile, 'bytes' | 'contentType'> & { picture_id: string };

/** Where a file is served (routes/static.ts passes /static/ on; every name is its content's hash). */
export const pictureFilePath = (name: string) => `/static/pictures/files/${name}`;

const focusOf = (row: PictureRow): Focus => ({ x: row.focus_x, y: row.focus_y });

/**
 * The width a phone that asks to save data (`Save-Data: on`) is sent instead of the one its browser chose:
 * the browser chose for the screen's density (2–3 device pixels per CSS pixel on a phone), so about half that,
 * one device pixel per CSS pixel: the largest made width no wider than half the asked one, else the narrowest.
 */
export function saveDataWidth(asked: number, made: number[]): number {
  const fitting = made.filter((width) => width <= asked / 2);
  return fitting.length > 0 ? Math.max(...fitting) : Math.min(...made, asked);
}

/** The content that shows a picture (by its reference in an event's or a post's images, or a post's card). */
export async function usesOf(db: Queryable, id: string): Promise<StaffPicture['usedBy']> {
  const reference = pictureReference(id);
  const named = JSON.stringify([{ url: reference }]);
  const events = await db.query<{ id: string; title: string }>('SELECT id, title FROM events WHERE images @> $1::jsonb ORDER BY title', [named]);
  const posts = await db.query<{ id: string; title: string }>('SELECT id, title FROM blogs WHERE images @> $1::jsonb OR image = $2 ORDER BY title', [
    named,
    reference,
  ]);
  return [...events.map((row) => ({ kind: 'events' as const, ...row })), ...posts.map((row) => ({ kind: 'blog' as const, ...row }))];
}

/** The files of pictures, narrowest first (no bytes). */
const filesOf = (db: Queryable, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.query<FileRow>('SELECT name, picture_id, kind, width, height FROM picture_files WHERE picture_id = ANY($1) ORDER BY width', [ids]);

/**
 * Images as a page shows them: a library picture's reference becomes its description, size, placeholder, focus
 * and files; any other image stays as it is. One query for all the images of an answer.
 */
async function expandPictures<Item>(db: Queryable, absoluteUrl: (path: string) => string, items: Item[], imagesOf: (item: Item) => Image[]): Promise<void> {
  const idOf = (image: Image) => PICTURE_REFERENCE.exec(new URL(image.url, 'http://x').pathname)?.[1];
  const ids = [...new Set(items.flatMap((item) => imagesOf(item).map(idOf)).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return;
  const rows = new Map((await db.query<PictureRow>('SELECT * FROM pictures WHERE id = ANY($1)', [ids])).map((row) => [row.id, row]));
  const files = await filesOf(db, ids);
  const url = (file: FileRow) => absoluteUrl(pictureFilePath(file.name));
  for (const image of items.flatMap(imagesOf)) {
    const row = rows.get(idOf(image) ?? '');
    if (!row) continue;
    const own = files.filter((file) => file.picture_id === row.id);
    const widths = (kind: string) => own.filter((file) => file.kind === kind).map((file) => ({ url: url(file), width: file.width }));
    const jpeg = own.find((file) => file.kind === 'jpeg');
    const share = own.find((file) => file.kind === 'share');
    Object.assign(image, {
      url: jpeg ? url(jpeg) : image.url,
      alt: row.description,
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
      focus: focusOf(row),
      sources: [
        { type: 'image/avif', files: widths('avif') },
        { type: 'image/webp', files: widths('webp') },
      ],
      ...(share ? { share: url(share) } : {}),
    });
  }
}

/**
 * A file's bytes, by its name; with `saveData`, an AVIF or WebP is sent narrower (saveDataWidth), in the same
 * format.
 */
async function pictureFile(db: Queryable, name: string, saveData: boolean): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
  let sent = name;
  if (saveData) {
    const siblings = await db.query<{ name: string; width: number; asked: boolean }>(
      `SELECT sibling.name, sibling.width, sibling.name = asked.name AS asked FROM picture_files asked
       JOIN picture_files sibling ON sibling.picture_id = asked.picture_id AND sibling.kind = asked.kind
       WHERE asked.name = $1 AND asked.kind IN ('avif', 'webp')`,
      [name],
    );
    const asked = siblings.find((sibling) => sibling.asked);
    const width = asked
      ? saveDataWidth(
          asked.width,
          siblings.map((sibling) => sibling.width),
        )
      : undefined;
    sent = siblings.find((sibling) => sibling.width === width)?.name ?? name;
  }
  return (await db.query<{ content_type: string; bytes: Uint8Array }>('SELECT content_type, bytes FROM picture_files WHERE name = $1', [sent]))[0];
}

/**
 * Holds the library pictures a draft names until its write ends (a delete of one waits, then sees it in use);
 * a reference to a picture that is not in the library is refused.
 */
export async function holdPictures(tx: Queryable, urls: string[]): Promise<void> {
  const ids = [...new Set(urls.map((url) => PICTURE_REFERENCE.exec(url)?.[1]).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return;
  const found = await tx.query<{ id: string }>('SELECT id FROM pictures WHERE id = ANY($1) FOR SHARE', [ids]);
  if (found.length < ids.length) throw new HttpError(400, 'A picture this names is not in the media library (it may have been deleted): choose it again');
}

/**
 * The media library's rows: a picture and the files made of it, written in one transaction (a crash leaves
 * no half picture), and read back as content shows it.
 */
export function pictureStore(db: Db, absoluteUrl: (path: string) => string) {
  const staffAnswer = async (row: PictureRow): Promise<StaffPicture> => {
    const files = await filesOf(db, [row.id]);
    const thumbnail = files.find((file) => file.kind === 'webp') ?? files[0];
    return {
      id: row.id,
      reference: pictureReference(row.id),
      description: row.description,
      width: row.width,
      height: row.height,
      focus: focusOf(row),
      placeholder: row.placeholder,
      thumbnail: absoluteUrl(pictureFilePath(thumbnail?.name ?? '')),
      createdAt: new Date(row.created_at).toISOString(),
      usedBy: await usesOf(db, row.id),
    };
  };

  return {
    /** A processed upload kept; the same upload again (a retry) is the picture already kept. */
    async save(picture: ProcessedPicture, description: string): Promise<{ row: PictureRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const [kept] = await tx.query<PictureRow>('SELECT * FROM pictures WHERE upload_hash = $1', [picture.uploadHash]);
        if (kept) return { row: kept, created: false };
        const [row] = await tx.query<PictureRow>(
          `INSERT INTO pictures (id, upload_hash, description, width, height, placeholder) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (upload_hash) DO NOTHING RETURNING *`,
          [randomUUID(), picture.uploadHash, description, picture.width, picture.height, picture.placeholder],
        );
        // Sent twice at once: the other request kept it first.
        if (!row) return { row: (await tx.query<PictureRow>('SELECT * FROM pictures WHERE upload_hash = $1', [picture.uploadHash]))[0]!, created: false };
        for (const file of picture.files) {
          await tx.query(
            'INSERT INTO picture_files (name, picture_id, kind, content_type, width, height, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING',
            [file.name, row.id, file.kind, file.contentType, file.width, file.height, file.bytes],
          );
        }
        return { row, created: true };
      });
    },

    async byUpload(uploadHash: string): Promise<PictureRow | undefined> {
      return (await db.query<PictureRow>('SELECT * FROM pictures WHERE upload_hash = $1', [uploadHash]))[0];
    },

    async row(id: string, tx: Queryable = db): Promise<PictureRow | undefined> {
      return (await tx.query<PictureRow>('SELECT * FROM pictures WHERE id = $1', [id]))[0];
    },

    staffAnswer,

    async list(): Promise<StaffPicture[]> {
      const rows = await db.query<PictureRow>('SELECT * FROM pictures ORDER BY created_at DESC, id');
      return Promise.all(rows.map(staffAnswer));
    },

    /** A file's bytes, by its name (narrower for a phone that saves data); or the picture's JPEG by the picture's reference. */
    file: (name: string, { saveData = false } = {}) => pictureFile(db, name, saveData),
    async fallback(id: string): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
      return (
        await db.query<{ content_type: string; bytes: Uint8Array }>("SELECT content_type, bytes FROM picture_files WHERE picture_id = $1 AND kind = 'jpeg'", [
          id,
        ])
      )[0];
    },

    /** The largest WebP, to make the share image again when the focus moves. */
    async largest(id: string, tx: Queryable = db): Promise<Uint8Array | undefined> {
      return (
        await tx.query<{ bytes: Uint8Array }>("SELECT bytes FROM picture_files WHERE picture_id = $1 AND kind = 'webp' ORDER BY width DESC LIMIT 1", [id])
      )[0]?.bytes;
    },

    expand: <Item>(items: Item[], imagesOf: (item: Item) => Image[]) => expandPictures(db, absoluteUrl, items, imagesOf),
  };
}
