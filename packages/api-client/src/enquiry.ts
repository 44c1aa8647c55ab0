import { z } from 'zod';
import { call, checkRequest } from './http';
import { idSchema, isoDateTimeSchema } from './common';

/** The contact form; messages are the spec's field errors. */
export const enquiryRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is Required').max(200),
  email: z.string().trim().min(1, 'Email is Required').pipe(z.email('Email should be valid.').max(254)),
  mobile: z.string().trim().min(1, 'Mobile Number is Required.').max(30),
  comment: z.string().trim().min(1, 'Comment is Required.').max(5000),
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
