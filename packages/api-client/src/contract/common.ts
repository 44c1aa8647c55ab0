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

/** Kenyan numbers are typed after a '+ 254' prefix; digits, spaces and a leading + are accepted. */
export const phoneSchema = z.string().check(z.trim(), z.regex(/^\+?[0-9 ]{7,20}$/, 'Phone Number must be digits'));

/** A customer's mobile (registration, profile): 7 to 15 digits (E.164), spaces and a leading + allowed. */
export const mobileSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Mobile No is Required'),
  z.refine((value: string) => /^\+?[0-9 ]+$/.test(value) && /^[0-9]{7,15}$/.test(value.replace(/[+ ]/g, '')), 'Mobile No must be 7 to 15 digits'),
);

/** An image as `{ url }`; a bare URL string is read as one. */
export const imageSchema = readAs((value) => (typeof value === 'string' ? { url: value } : value), z.object({ url: z.string().check(z.minLength(1)) }));
export type Image = z.output<typeof imageSchema>;

/** Server HTML (descriptions); render only through the ui package's sanitising component. */
export const htmlSchema = z.string();
