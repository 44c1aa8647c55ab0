import { createDataArea, sendEnquiry } from '@agri/api-client';

/** The enquiry the contact form sends. */
export const useEnquiryStore = createDataArea('content/enquiry', sendEnquiry);
