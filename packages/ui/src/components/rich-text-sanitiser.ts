import DOMPurify from 'dompurify';
import { richTextSanitiser } from '@agri/api-client/rich-text-policy';

// The policy is the contract's (the API sanitises what staff save with the same one); an instance of its
// own, so the hook never touches other DOMPurify users (htmlToText, or any library). Its own chunk: SafeHtml
// loads it only for HTML the page was not made with.
export const sanitise = richTextSanitiser(DOMPurify(window), () => window.location.href);
