import { type Enquiry, type EnquiryRequest, enquiryRequestSchema, enquirySchema } from './contract/enquiry';
import { anyReplySchema, readAnswer } from './contract/reader';
import { checkRequest } from './http';
import { callOrKeep } from './outbox';

/**
 * POST enquiry (main API): any 2xx is an enquiry received. Resolves with the stored enquiry when the
 * server's answer describes it, else null (a bare echo, or nothing).
 */
export async function sendEnquiry(request: EnquiryRequest): Promise<Enquiry | null> {
  const errors = { fallback: 'Something Went wrong !' };
  const body = checkRequest(enquiryRequestSchema, request, errors);
  const reply = await callOrKeep('enquiry', { method: 'POST', path: 'enquiry', body, response: anyReplySchema, errors });
  return readAnswer('POST enquiry', enquirySchema, reply).data ?? null;
}
