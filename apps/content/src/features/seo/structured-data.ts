import type { BlogPost } from '@agri/api-client';
import { absoluteUrl, htmlToText, organizationReference, picturesOf, SCHEMA_ORG, truncateText, type SchemaOrg } from '@agri/ui';

/** /blog/:id: the article, when it was published, its picture and who publishes it. */
export function blogPostingData(origin: string, post: BlogPost): SchemaOrg.WithContext<SchemaOrg.BlogPosting> {
  const url = absoluteUrl(origin, `/blog/${encodeURIComponent(post._id)}`);
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
    image: picturesOf(origin, post.images),
    author: organizationReference(origin),
    publisher: organizationReference(origin),
  };
}
