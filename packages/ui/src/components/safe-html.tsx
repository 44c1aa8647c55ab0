import DOMPurify from 'dompurify';
import { useMemo } from 'react';

interface SafeHtmlProps {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section' | 'article';
}

/**
 * The only way server HTML reaches the page: sanitised by DOMPurify, so
 * scripts, event handlers and javascript: URLs never run.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } }), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Plain text of server HTML, for previews and meta descriptions. */
export function htmlToText(html: string | null | undefined): string {
  const clean = DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS: [], KEEP_CONTENT: true });
  const textarea = document.createElement('textarea');
  textarea.innerHTML = clean;
  return textarea.value.replace(/\s+/g, ' ').trim();
}
