import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { richTextSanitiser } from '@agri/api-client/rich-text-policy';

// The policy is the contract's (the API sanitises what staff save with the same one); an instance of its
// own, so the hook never touches other DOMPurify users (htmlToText, or any library).
const sanitise = richTextSanitiser(DOMPurify(window), () => window.location.href);

interface SafeHtmlProps {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section' | 'article';
}

/**
 * The only way server HTML reaches the page: sanitised to the rich-text
 * allow-list (`RICH_TEXT_POLICY`), so scripts, event handlers, javascript: URLs, styles and
 * forms never arrive. `data-server-html` marks the container for the XSS suite.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => sanitise(html ?? ''), [html]);
  return <Tag className={className} data-server-html="" dangerouslySetInnerHTML={{ __html: clean }} />;
}
