import * as z from 'zod/mini';

/*
 * The tolerant reader: schemas for the fields of the server's answers. Each accepts every reasonable
 * form a server sends (our reference API, or the business's MongoDB-style hosted API) and hands the apps
 * one normalised form, so no page ever sees the difference. Requests are checked strictly elsewhere.
 */

/**
 * East Africa Time, the one definition of Kenya's clock: Africa/Nairobi is UTC+3 all year (no daylight saving),
 * and the business's dates are Kenyan dates.
 */
export const KENYA_UTC_OFFSET_MINUTES = 180;
/** The offset as ISO 8601 writes it after a Kenyan date and time ('2030-03-30T09:00:00+03:00'). */
export const KENYA_UTC_OFFSET = '+03:00';

/** What Kenya's clock reads at a moment, as ISO 8601 without its zone: '2026-11-27T12:30:00.000'. */
export const kenyanClock = (at: Date): string => new Date(at.getTime() + KENYA_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 23);

/** Kenya's date at a moment: '2026-11-27'. */
export const kenyanDate = (at: Date): string => kenyanClock(at).slice(0, 10);

/** A moment as Kenya's clock shows it, for mails and receipts: '2026-11-27 12:30 EAT' (East Africa Time). */
export const eastAfricaTime = (at: Date): string => `${kenyanClock(at).replace('T', ' ').slice(0, 16)} EAT`;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time with a zone (Z or ±hh:mm): an instant, whatever zone the server wrote it in. */
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
/** A date-time without a zone: already Kenyan wall-clock time. */
const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d{1,9})?)?$/;

/** MongoDB's Extended JSON wrappers, as a driver's `toJSON` or `mongoexport` writes them. */
const unwrapExtendedJson = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1) return value;
  const inner = (value as Record<string, unknown>)[keys[0]!];
  switch (keys[0]) {
    case '$oid':
    case '$numberInt':
    case '$numberLong':
    case '$numberDouble':
    case '$numberDecimal':
    case '$date':
      return unwrapExtendedJson(inner);
    default:
      return value;
  }
};

const validDate = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** 'YYYY-MM-DD' naming a day of the calendar (not 2026-02-31, 2026-13-01 or 0000-00-00). */
export const isCalendarDate = (text: string): boolean => {
  const parts = DATE_ONLY.exec(text);
  return parts !== null && validDate(Number(parts[1]), Number(parts[2]), Number(parts[3])) && Number(parts[1]) >= 1;
};

/** A moment in time, read from an ISO date-time (any zone), a Kenyan local date-time or epoch milliseconds. */
function instantOf(value: unknown): Date | null {
  const raw = unwrapExtendedJson(value);
  if (typeof raw === 'number') return Number.isFinite(raw) ? new Date(raw) : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (/^\d{10,}$/.test(text)) return new Date(Number(text));
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1).map(Number) as [number, number, number];
    if (!validDate(year, month, day)) return null;
    return new Date(Date.UTC(year, month - 1, day) - KENYA_UTC_OFFSET_MINUTES * 60_000);
  }
  const local = DATE_TIME_LOCAL.exec(text);
  const parsed = local
    ? Date.parse(`${local[1]}T${local[2]}:${local[3]}${local[4] ?? ''}${KENYA_UTC_OFFSET}`)
    : DATE_TIME_WITH_ZONE.test(text)
      ? Date.parse(text.replace(' ', 'T'))
      : Number.NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

/** The Kenyan calendar date and wall-clock time of an instant. */
function inKenya(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + KENYA_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** Fails a transform's parse with `message`; the transform then answers z.NEVER. */
export function refuse(ctx: z.core.ParsePayload, message: string, path: PropertyKey[] = []): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, path });
  return z.NEVER;
}

/** Reads a value in `read`'s way before `schema` checks it (zod's classic `preprocess`). */
export const readAs = <Schema extends z.core.$ZodType>(read: (value: unknown) => unknown, schema: Schema) => z.pipe(z.transform(read), schema);

/**
 * A calendar date, normalised to 'YYYY-MM-DD' (Kenyan date). A date stays that date; an ISO date-time
 * or epoch milliseconds becomes the date it is in Nairobi. The output's `time` is that instant's Kenyan
 * time, or null when the server sent a date only.
 */
export const kenyanDateSchema = z.transform((value: unknown, ctx): { date: string; time: string | null } => {
  const raw = unwrapExtendedJson(value);
  const text = typeof raw === 'string' ? raw.trim() : null;
  const dateOnly = text === null ? null : DATE_ONLY.exec(text);
  if (dateOnly && validDate(...(dateOnly.slice(1).map(Number) as [number, number, number]))) {
    return { date: text!, time: null };
  }
  const instant = instantOf(raw);
  if (!instant) return refuse(ctx, 'Expected a date (YYYY-MM-DD, an ISO date-time or epoch ms)');
  return inKenya(instant);
});

/** A moment (createdAt), normalised to an ISO date-time in UTC; shown in Kenyan time by the ui's formatters. */
export const instantSchema = z.transform((value: unknown, ctx): string => {
  const instant = instantOf(value);
  if (!instant) return refuse(ctx, 'Expected a date-time (ISO 8601 or epoch ms)');
  return instant.toISOString();
});

/**
 * When a thing last changed (a MongoDB-style server's `updatedAt`): ISO date-time in UTC, or nothing when it
 * is missing or unreadable (a date that cannot be read never costs the whole course, event or post).
 */
export const changedAtSchema = z.catch(z.optional(instantSchema), undefined);

/** A time of day, normalised to 'HH:mm': '09:00', '9:00', '09:00:00' and '9:00 AM' are all read. */
export const kenyanTimeSchema = z.pipe(
  z.string(),
  z.transform((value: string, ctx): string => {
    const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(value.trim());
    let hours = match ? Number(match[1]) : Number.NaN;
    const minutes = match ? Number(match[2]) : Number.NaN;
    const meridiem = match?.[3]?.toUpperCase();
    if (meridiem && hours >= 1 && hours <= 12) hours = (hours % 12) + (meridiem === 'PM' ? 12 : 0);
    else if (meridiem) hours = Number.NaN;
    if (!(hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59)) return refuse(ctx, 'Expected a time of day (HH:mm)');
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }),
);

/** A number sent as a number, a numeric string ('45000', '45000.50') or a MongoDB Decimal128/Int64 wrapper. */
export const numberSchema = readAs((value) => {
  const raw = unwrapExtendedJson(value);
  if (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  return raw;
}, z.number());

/** A number of any form above that `rule` accepts, e.g. `numberWhere(z.int().check(z.positive()))`. */
export const numberWhere = <Rule extends z.core.$ZodType<number, number>>(rule: Rule) => z.pipe(numberSchema, rule);

/** An amount in KES: a number of any form above, never negative. */
export const amountSchema = numberWhere(z.number().check(z.nonnegative()));

/** A yes/no sent as a boolean or as 'true'/'false'. */
export const flagSchema = readAs((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/**
 * Server ids are opaque: UUIDs on the reference server, 24-hex ObjectIds (or `{ $oid }`) on the hosted API,
 * numbers elsewhere. Read as a string; letters, digits, '-' and '_' only, so an id is safe in a URL path.
 */
export const serverIdSchema = readAs(
  (value) => {
    const raw = unwrapExtendedJson(value);
    return typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  },
  z.string().check(z.regex(/^[\w-]{1,64}$/, 'Invalid id')),
);

/** Text a server may store as a number (a mobile number), read as text. */
export const textOrNumberSchema = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** Optional text: missing, null and '' all mean "not given". */
export const optionalTextSchema = z.optional(
  z.pipe(
    z.nullish(z.string()),
    z.transform((value) => (value === null || value === undefined || value.trim() === '' ? undefined : value)),
  ),
);

/** An optional number of any form above: missing, null or '' mean "not given". */
export const optionalNumber = <Rule extends z.core.$ZodType<number, number>>(rule: Rule) =>
  readAs((value) => (value === null || value === '' ? undefined : value), z.optional(numberWhere(rule)));

// The call whose answer is being read, so a dropped entry can name it. Parsing is synchronous, so no
// other answer can be read in between (see `readAnswer`).
let answerBeingRead = 'an API answer';
const reportedDrops = new Set<string>();

/** Parses a server's answer with its schema; list entries dropped on the way are reported under `callName`. */
export function readAnswer<Schema extends z.ZodMiniType>(callName: string, schema: Schema, data: unknown) {
  const previous = answerBeingRead;
  answerBeingRead = callName;
  try {
    return schema.safeParse(data);
  } finally {
    answerBeingRead = previous;
  }
}

function reportDroppedEntry(entry: unknown, index: number, error: z.core.$ZodError): void {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(the entry itself)';
  const id = typeof entry === 'object' && entry !== null ? unwrapExtendedJson((entry as { _id?: unknown })._id) : undefined;
  const which = typeof id === 'string' || typeof id === 'number' ? `entry ${String(id)}` : `entry #${index}`;
  const report = `${answerBeingRead}: dropped ${which}, field "${field}": ${issue?.message ?? 'invalid'}`;
  // Once per entry and field: a list read again (a retry, another page) does not repeat the warning.
  if (reportedDrops.has(report)) return;
  reportedDrops.add(report);
  console.warn(report);
}

/**
 * A list in which one bad entry costs that entry only: the valid ones are kept in order, each invalid one
 * is dropped and reported once (console warning naming the call and the field). A `{ data: [...] }`
 * envelope is read as its list.
 */
export const listOf = <Item extends z.ZodMiniType>(item: Item) =>
  readAs(
    (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { data?: unknown }).data)
        ? (value as { data: unknown[] }).data
        : value,
    z.pipe(
      z.array(z.unknown()),
      z.transform((entries) => {
        const kept: z.output<Item>[] = [];
        entries.forEach((entry, index) => {
          const parsed = item.safeParse(entry);
          if (parsed.success) kept.push(parsed.data);
          else reportDroppedEntry(entry, index, parsed.error);
        });
        return kept;
      }),
    ),
  );

/** A write whose answer no page reads: any 2xx body is a success. */
export const anyReplySchema = z.unknown();
