import { useEffect } from 'react';

/** What a page puts in the document head. */
export interface PageHeadInfo {
  title: string;
  description: string;
  keywords: string;
  /** Keeps the page out of search engines (`<meta name="robots" content="noindex">`): the back office's pages. */
  noindex?: boolean;
}

function upsertMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

function upsertCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Sets title, description, keywords, canonical and, for a page kept out of search engines, robots. It updates the one tag of
 * each kind in place, so the head never holds two.
 */
export function PageHead({ title, description, keywords, noindex = false }: PageHeadInfo) {
  useEffect(() => {
    document.title = title;
    upsertMeta('description', description);
    upsertMeta('keywords', keywords);
    upsertCanonical(window.location.origin + window.location.pathname);
    if (noindex) upsertMeta('robots', 'noindex, nofollow');
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, keywords, noindex]);
  return null;
}
