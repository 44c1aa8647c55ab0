import { z } from 'zod';

/** Server ids are opaque strings (UUIDs on the reference server). */
export const idSchema = z.string().min(1);

/** A body that only carries a human-readable message. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const emailSchema = z.email().max(254);

/** Kenyan numbers are typed after a '+ 254' prefix; digits, spaces and a leading + are accepted. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{7,20}$/, 'Phone Number must be digits');

export const imageSchema = z.object({ url: z.string().min(1) });
export type Image = z.infer<typeof imageSchema>;

/** Server HTML (descriptions); render only through the ui package's sanitising component. */
export const htmlSchema = z.string();

export const isoDateTimeSchema = z.iso.datetime({ offset: true });
