import * as z from 'zod/mini';
import { kenyanPhoneSchema, safeText } from './common';
import { instantSchema, serverIdSchema } from './reader';

/** The contact form; messages are the spec's field errors. */
export const enquiryRequestSchema = z.object({
  name: safeText('Name', 200, {}, z.minLength(1, 'Name is Required')),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is Required')), z.email('Email should be valid.').check(z.maxLength(254))),
  mobile: kenyanPhoneSchema('Mobile Number is Required.'),
  comment: safeText('Comment', 5000, { multiline: true }, z.minLength(1, 'Comment is Required.')),
});
export type EnquiryRequest = z.infer<typeof enquiryRequestSchema>;

/** A stored enquiry as the reference API answers it. */
export const enquirySchema = z.object({
  _id: serverIdSchema,
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  comment: z.string(),
  createdAt: instantSchema,
});
export type Enquiry = z.output<typeof enquirySchema>;
