import type { Image } from './contract';
import { getApiSettings } from './settings';

/**
 * Where the site reads a picture the API names, or null for none it can show. A path is the API's (resolved
 * against its address), and only http(s) addresses are kept (no data: or javascript:). A picture the API
 * serves itself under `picturesPath` is read from the site's own origin, whose server passes that path on to
 * the API: a page's main picture then comes over the page's own connection instead of waiting for one to the
 * API's origin (about 0.45 s of a 1.4 s LCP on a mobile link, docs/measures.md).
 */
export function pictureUrl(url: string | undefined): string | null {
  if (!url) return null;
  const { apiBaseUrl, picturesPath } = getApiSettings();
  let picture: URL;
  try {
    picture = new URL(url, apiBaseUrl);
  } catch {
    return null;
  }
  if (picture.protocol !== 'http:' && picture.protocol !== 'https:') return null;
  const onTheSite = picturesPath && picture.origin === new URL(apiBaseUrl).origin && picture.pathname.startsWith(picturesPath);
  return onTheSite ? `${picture.pathname}${picture.search}` : picture.href;
}

/** A page's share picture (og:image): a library picture's 1200 × 630 crop, else the image itself. */
export const sharePictureUrl = (image: Image | undefined): string | null => pictureUrl(image?.share ?? image?.url);
