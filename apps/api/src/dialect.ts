import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { KENYA_UTC_OFFSET } from '@agri/api-client/contract';

/**
 * How the API writes its answers. 'reference': our contract's own forms. 'hosted': the forms of the
 * business's hosted API, a MongoDB-style server (API_DIALECT=hosted), so the site and its suites can be
 * tried against what that server sends without it: 24-hex ids, date-times for dates, amounts as numeric
 * strings, null for a missing field, a version key on every document, an address list, and writes
 * answered with a bare echo or a driver's write result instead of the stored record and a message.
 */
export type ApiDialect = 'reference' | 'hosted';
export const API_DIALECTS: readonly ApiDialect[] = ['reference', 'hosted'];

/** A new document id: a UUID, or as MongoDB makes an ObjectId (seconds since the epoch, then random bytes). */
export function newId(dialect: ApiDialect): string {
  if (dialect === 'reference') return randomUUID();
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

/** Amounts a form-fed MongoDB collection holds as strings. */
const AMOUNT_FIELDS = new Set(['price', 'totalPrice']);

/**
 * A value as the hosted API serialises it: amounts as numeric strings, null for an optional field that is
 * not set (our answers leave it out), and the version key MongoDB adds to every document.
 */
export function asHostedDocument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asHostedDocument);
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  const document: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    document[key] = AMOUNT_FIELDS.has(key) && typeof field === 'number' ? String(field) : asHostedDocument(field);
  }
  if ('_id' in document) document.__v = 0;
  return document;
}

/** A Kenyan date and time (East Africa Time) as the instant a MongoDB `Date` serialises to: '2030-03-30T06:00:00.000Z'. */
export const kenyanDateTime = (date: string, time = '00:00'): string => new Date(`${date}T${time}:00${KENYA_UTC_OFFSET}`).toISOString();

/**
 * The body of an answer: `reference` as is, or in the hosted dialect what `hosted` returns (by default the
 * same body), serialised as the hosted API does.
 */
export const inDialect = (dialect: ApiDialect, reference: unknown, hosted: () => unknown = () => reference): unknown =>
  dialect === 'hosted' ? asHostedDocument(hosted()) : reference;

/** The answer to a call, in the dialect (see inDialect). */
export function answer(c: Context, dialect: ApiDialect, reference: unknown, hosted?: () => unknown): Response {
  return c.json(inDialect(dialect, reference, hosted) as object);
}
