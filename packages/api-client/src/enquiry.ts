import { z } from 'zod';
import { call, checkRequest } from './http';
import { idSchema, isoDateTimeSchema, safeText } from './common';

/** The contact form; messages are the spec's field errors. */
export const enquiryRequestSchema = z.object({
  name: safeText('Name', 200).min(1, 'Name is Required'),
  email: z.string().trim().min(1, 'Email is Required').pipe(z.email('Email should be valid.').max(254)),
  mobile: safeText('Mobile number', 30).min(1, 'Mobile Number is Required.'),
  comment: safeText('Comment', 5000, { multiline: true }).min(1, 'Comment is Required.'),
});
export type EnquiryRequest = z.infer<typeof enquiryRequestSchema>;

export const enquirySchema = enquiryRequestSchema.extend({ _id: idSchema, createdAt: isoDateTimeSchema });
export type Enquiry = z.infer<typeof enquirySchema>;

/** POST enquiry (main API): answers with the stored enquiry. */
export function sendEnquiry(request: EnquiryRequest): Promise<Enquiry> {
  const errors = { fallback: 'Something Went wrong !' };
  return call({
    method: 'POST',
    path: 'enquiry',
    body: checkRequest(enquiryRequestSchema, request, errors),
    response: enquirySchema,
    errors,
  });
}
