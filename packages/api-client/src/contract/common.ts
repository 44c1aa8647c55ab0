import * as z from 'zod/mini';
import { readAs } from './reader';

/**
 * Server ids are opaque tokens: UUIDs on the reference server, 24-hex ObjectIds on the hosted API.
 * Letters, digits, '-' and '_' only, so an id is safe in a URL path and is checked before it reaches a query.
 */
export const idSchema = z.string().check(z.regex(/^[\w-]{1,64}$/, 'Invalid id'));

// Control characters (C0, DEL, C1) and UTF-16 surrogates without their pair: nothing a visitor types, and
// PostgreSQL refuses NUL in text and lone surrogates in JSON. Multi-line text keeps tab and line breaks.
const UNSAFE_IN_LINE = /[\p{Cc}\p{Cs}]/u;
const UNSAFE_IN_TEXT = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

/**
 * The one rule for free text a client sends: at most `max` characters, no control characters, no lone
 * surrogates (emoji, accents and right-to-left scripts are fine). `label` names the field in the messages.
 * Trimmed unless `trim: false` (passwords). The field's own rules come first, e.g. `z.minLength(1, 'Name is Required')`.
 * Fields with a strict format (email, phone, OTP, ids, enums) are safe by that format.
 */
export function safeText(label: string, max: number, { multiline = false, trim = true } = {}, ...rules: z.core.$ZodCheck<string>[]) {
  const unsafe = multiline ? UNSAFE_IN_TEXT : UNSAFE_IN_LINE;
  return z.string().check(
    ...(trim ? [z.trim()] : []),
    ...rules,
    z.maxLength(max, `${label} must be at most ${max} characters`),
    z.refine((value: string) => !unsafe.test(value), `${label} contains characters that are not allowed`),
  );
}

export const emailSchema = z.email().check(z.maxLength(254));

/**
 * The one phone rule (issue 57): a Kenyan mobile number as it is stored and sent, '2547XXXXXXXX' or '2541XXXXXXXX',
 * from any way people write it after the fields' '+ 254' prefix or without it: 0712 345 678, 712345678,
 * 0110-123-456, +254 712 345 678, 254712345678. Null for anything else. M-Pesa takes the same numbers.
 */
export function toKenyanPhone(typed: string): string | null {
  const digits = typed
    .trim()
    .replace(/[\s().-]/g, '')
    .replace(/^\+/, '');
  const local = /^(?:254|0)?([17]\d{8})$/.exec(digits)?.[1];
  return local ? `254${local}` : null;
}

/** A phone number as people read it, everywhere: '+254 712 345 678'; one that is not a Kenyan mobile, as it came. */
export function formatPhone(phone: string): string {
  const kenyan = toKenyanPhone(phone);
  return kenyan ? `+254 ${kenyan.slice(3, 6)} ${kenyan.slice(6, 9)} ${kenyan.slice(9)}` : phone;
}

/** A stored number as its field shows it after the '+ 254' prefix: '712 345 678'. */
export function phoneForField(phone: string): string {
  const kenyan = toKenyanPhone(phone);
  return kenyan ? formatPhone(kenyan).slice('+254 '.length) : phone;
}

export const KENYAN_PHONE_MESSAGE = 'Enter a Kenyan mobile number, such as 0712 345 678';

/** A Kenyan mobile number field: required (with `required`'s words), checked by toKenyanPhone, sent as it makes it. */
export const kenyanPhoneSchema = (required: string, invalid = KENYAN_PHONE_MESSAGE) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, required),
      z.refine((typed: string) => toKenyanPhone(typed) !== null, invalid),
    ),
    z.transform((typed: string) => toKenyanPhone(typed)!),
  );

/** The booking and call-request dialogs' phone (the browser asks for it first). */
export const phoneSchema = kenyanPhoneSchema('Phone Number is Required');

/** A customer's mobile (registration, profile). */
export const mobileSchema = kenyanPhoneSchema('Mobile No is Required');

const pictureFileSchema = z.object({ url: z.string().check(z.minLength(1)), width: z.number().check(z.positive()) });

/**
 * An image as `{ url }`; a bare URL string is read as one. A picture of our API's media library also says
 * what it shows (`alt`), its size, a colour to show until it arrives, where its subject is (for crops), its
 * widths in AVIF and WebP, and a 1200 × 630 share image; `url` is then its JPEG for browsers with neither.
 */
export const imageSchema = readAs(
  (value) => (typeof value === 'string' ? { url: value } : value),
  z.object({
    url: z.string().check(z.minLength(1)),
    alt: z.optional(z.string()),
    width: z.optional(z.number().check(z.positive())),
    height: z.optional(z.number().check(z.positive())),
    placeholder: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/))),
    focus: z.optional(z.object({ x: z.number().check(z.gte(0), z.lte(1)), y: z.number().check(z.gte(0), z.lte(1)) })),
    sources: z.optional(z.array(z.object({ type: z.enum(['image/avif', 'image/webp']), files: z.array(pictureFileSchema) }))),
    share: z.optional(z.string()),
  }),
);
export type Image = z.output<typeof imageSchema>;

/** An image field a server may leave out, send as null or as an empty string. */
export const optionalImageSchema = z.optional(readAs((value) => (value === null || value === '' ? undefined : value), z.optional(imageSchema)));

/** Server HTML (descriptions); render only through the ui package's sanitising component. */
export const htmlSchema = z.string();

// Made on first use: building a number format loads the locale's data (about 80 ms on a slow phone), for a price
// that most pages never show.
let kes: Intl.NumberFormat | undefined;

/** 'KES 45,000': every amount the business shows, on its pages and in its mails and receipts. */
export function formatKes(amount: number): string {
  kes ??= new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });
  return `KES ${kes.format(amount)}`;
}
