import { structuredDataJson, type StructuredData } from './structured-data';

/**
 * A page's structured data, in the page itself (search engines read JSON-LD anywhere in the document), so a
 * prerendered page carries it in its HTML. A JSON-LD script is data, never run: the Content-Security-Policy
 * has nothing to allow for it.
 */
export function StructuredDataScript({ data }: { data: StructuredData | StructuredData[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredDataJson(data) }} />;
}
