import { chatLink } from '@agri/api-client';
import { business, formatKes } from '@agri/ui';
import { currentPageUrl } from '../../shared/current-page-url';

interface ChatEnquiryLinkProps {
  /** What the visitor asks about, as the message says it: `the course "HACCP"`. */
  about: string;
  price: number;
}

/** The detail card's chat enquiry: the chat service opens in a new tab with the message written, this page's address included. */
export function ChatEnquiryLink({ about, price }: ChatEnquiryLinkProps) {
  const text = `Hello ${business.shortName}, I would like to enquire about ${about} (${formatKes(price)}). ${currentPageUrl()}`;
  return (
    <a className="ui-button ui-button--accent" href={chatLink(text)} target="_blank" rel="noopener noreferrer">
      Enquire on a chat service
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
