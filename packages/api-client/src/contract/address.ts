import * as z from 'zod/mini';
import { KENYAN_PHONE_MESSAGE, kenyanPhoneSchema, safeText, toKenyanPhone } from './common';
import { instantSchema, listOf, readAs } from './reader';

/** The one county option; the spec's stored value was another country's name (a defect). */
export const KENYA = 'Kenya';

/**
 * The shipping address, in the address form's naming end to end.
 * The profile page's labels map as: region = county, town/area = area, phone = phoneNumber.
 */
export const shippingAddressSchema = z.object({
  firstName: safeText('First name', 100, {}, z.minLength(1, 'First Name is Required')),
  lastName: safeText('Last name', 100, {}, z.minLength(1, 'Last Name is Required')),
  county: safeText('County', 100, {}, z.minLength(1, 'County is Required')),
  address: safeText('Address', 300, {}, z.minLength(1, 'Address Details are Required')),
  /** Apartment, suite. */
  other: z.optional(safeText('Apartment or suite', 300)),
  area: safeText('Area', 100, {}, z.minLength(1, 'Area is Required')),
  /** Typed after the '+ 254' prefix; sent as toKenyanPhone makes it. */
  phoneNumber: kenyanPhoneSchema('Phone Number is Required', 'Phone Number is Required'),
  /** None, or a second Kenyan mobile number. */
  additionalNumber: z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((typed: string) => typed === '' || toKenyanPhone(typed) !== null, KENYAN_PHONE_MESSAGE),
      ),
      z.transform((typed: string) => (typed === '' ? '' : toKenyanPhone(typed)!)),
    ),
  ),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The profile page's names for the same fields (spec §3): a server may store either naming. */
const PROFILE_NAMES = { region: 'county', town: 'area', phone: 'phoneNumber' } as const;

const ADDRESS_FIELDS = ['firstName', 'lastName', 'county', 'address', 'other', 'area', 'phoneNumber', 'additionalNumber'] as const;

/** Text a server may send as a number (phone numbers), null or nothing; read as trimmed text, '' for none. */
const addressText = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((value) => (value === null || value === undefined ? '' : String(value).trim())),
);
/** A phone number as any server stored it, in the one form (toKenyanPhone) when it is a Kenyan mobile, else as it came. */
const addressPhone = z.pipe(
  addressText,
  z.transform((phone: string) => toKenyanPhone(phone) ?? phone),
);

/** A saved address as a server describes it, in either naming, with when it was saved if the server says. */
const savedEntrySchema = readAs(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const named: Record<string, unknown> = { ...value };
    for (const [profileName, formName] of Object.entries(PROFILE_NAMES)) {
      if (named[formName] === undefined) named[formName] = named[profileName];
    }
    return named;
  },
  z
    .object({
      firstName: addressText,
      lastName: addressText,
      county: addressText,
      address: addressText,
      other: addressText,
      area: addressText,
      phoneNumber: addressPhone,
      additionalNumber: addressPhone,
      /** Which of several saved addresses is the latest. */
      updatedAt: z.catch(z.optional(instantSchema), undefined),
      createdAt: z.catch(z.optional(instantSchema), undefined),
    })
    .check(z.refine((entry) => ADDRESS_FIELDS.some((field) => entry[field] !== ''), 'Expected an address')),
);

type SavedEntry = z.output<typeof savedEntrySchema>;
const addressOf = ({ updatedAt: _updated, createdAt: _created, ...address }: SavedEntry): ShippingAddress => address;

/** A saved address as a server describes it, normalised to the form's naming. */
export const storedAddressSchema = z.pipe(savedEntrySchema, z.transform(addressOf));

const savedAt = (entry: SavedEntry): number => Date.parse(entry.updatedAt ?? entry.createdAt ?? '') || Number.NEGATIVE_INFINITY;

/**
 * The saved address from whatever a server answers: `{ address }` or the address itself, as one object,
 * a list (the most recent entry: the latest `updatedAt`/`createdAt`, else the last) or nothing (null, [] or
 * an empty object). Null when there is none.
 */
export const addressAnswerSchema = readAs(
  (value) => {
    // `{ address: {...} | [...] | null }` is an envelope; `{ address: 'Street 1', ... }` is the address itself.
    const enveloped = typeof value === 'object' && value !== null && !Array.isArray(value) && 'address' in value;
    const inner = enveloped && typeof value.address !== 'string' ? value.address : value;
    const empty = inner === undefined || (typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0);
    return empty ? null : inner;
  },
  z.pipe(
    z.union([z.null(), listOf(savedEntrySchema), savedEntrySchema]),
    z.transform((answer): ShippingAddress | null => {
      const entries = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
      const latest = entries.reduce<(typeof entries)[number] | null>(
        (found, entry) => (found === null || savedAt(entry) >= savedAt(found) ? entry : found),
        null,
      );
      return latest ? addressOf(latest) : null;
    }),
  ),
);
