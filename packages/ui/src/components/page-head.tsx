import { useEffect } from 'react';
import { business } from '../business';
import { SHARE_CARD_PATH } from '../seo/structured-data';

/** What a page puts in the document head. */
export interface PageHeadInfo {
  title: string;
  description: string;
  keywords: string;
  /** The picture a shared link shows (its own, a course's or a post's); the business's card by default. */
  image?: string;
  /** Keeps the page out of search engines (`<meta name="robots" content="noindex">`): the back office's pages. */
  noindex?: boolean;
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
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
 * Sets title, description, keywords, canonical, and the picture and site name a shared link shows (og:image,
 * absolute, and og:site_name; the prerenderer writes the other share-card tags from these), and robots for a
 * page kept out of search engines. It updates the one tag of each kind in place, so the head never holds two.
 */
export function PageHead({ title, description, keywords, image = SHARE_CARD_PATH, noindex = false }: PageHeadInfo) {
  useEffect(() => {
    document.title = title;
    upsertMeta('name', 'description', description);
    upsertMeta('name', 'keywords', keywords);
    upsertMeta('property', 'og:image', new URL(image, window.location.origin).href);
    upsertMeta('property', 'og:site_name', business.name);
    upsertCanonical(window.location.origin + window.location.pathname);
    if (noindex) upsertMeta('name', 'robots', 'noindex, nofollow');
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, keywords, image, noindex]);
  return null;
}
