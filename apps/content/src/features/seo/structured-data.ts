import type { BlogPost } from '@agri/api-client';
import { absoluteUrl, htmlToText, organizationReference, SCHEMA_ORG, SHARE_CARD_PATH, truncateText, type SchemaOrg } from '@agri/ui';

/** /blog/:id: the article, when it was published, its picture and who publishes it. */
export function blogPostingData(origin: string, post: BlogPost): SchemaOrg.WithContext<SchemaOrg.BlogPosting> {
  const url = absoluteUrl(origin, `/blog/${encodeURIComponent(post._id)}`);
  const images = post.images.map(({ url: image }) => absoluteUrl(origin, image));
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BlogPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: truncateText(post.title, 107),
    description: truncateText(htmlToText(post.description), 300),
    datePublished: post.createdAt,
    dateModified: post.updatedAt ?? post.createdAt,
    image: images.length ? images : [absoluteUrl(origin, SHARE_CARD_PATH)],
    author: organizationReference(origin),
    publisher: organizationReference(origin),
  };
}
