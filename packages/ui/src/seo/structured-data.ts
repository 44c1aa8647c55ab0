import { pictureUrl, type Image } from '@agri/api-client';
import type { ItemList, Organization, ProfessionalService, Thing, WithContext } from 'schema-dts';
import { business } from '../business';

/** schema.org's vocabulary as types (schema-dts, types only): the apps type their builders with it through this door. */
export type * as SchemaOrg from 'schema-dts';

/**
 * Structured data (schema.org, as JSON-LD) that a page carries for search engines: what it is about, in
 * their terms. Each builder takes the data the page shows, so the structured data is as fresh as the page.
 * URLs are absolute, from the origin the page is served on (its canonical origin).
 */
export type StructuredData = WithContext<Thing>;

export const SCHEMA_ORG = 'https://schema.org';

/** The JSON of a `<script type="application/ld+json">`: nothing in it can close the element or start a comment. */
export const structuredDataJson = (data: StructuredData | StructuredData[]): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** An absolute URL on the page's origin (or the URL itself when it is absolute already). */
export const absoluteUrl = (origin: string, url: string): string => new URL(url, origin).href;

/** The business's share picture and logo, served by the shell beside every page. */
export const SHARE_CARD_PATH = '/share-card.png';
export const LOGO_PATH = '/logo.png';

/** An item's pictures as a search engine fetches them (where the site reads them, pictureUrl); else the share picture. */
export function picturesOf(origin: string, images: Image[]): string[] {
  // A library picture gives its share image (1200 × 630) as well as its JPEG.
  const pictures = images.flatMap(({ url, share }) => [share, url].flatMap((each) => pictureUrl(each) ?? [])).map((picture) => absoluteUrl(origin, picture));
  return pictures.length ? pictures : [absoluteUrl(origin, SHARE_CARD_PATH)];
}

/** The business as it runs the site: the provider of every course, the organiser of every event. */
export function organizationReference(origin: string): Organization {
  return { '@type': 'Organization', name: business.name, url: absoluteUrl(origin, '/'), logo: absoluteUrl(origin, LOGO_PATH) };
}

/** The business, with its contact details and opening hours (spec section 9): for the home page. */
export function localBusiness(origin: string): WithContext<ProfessionalService> {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ProfessionalService',
    '@id': absoluteUrl(origin, '/#business'),
    name: business.name,
    slogan: business.tagline,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, LOGO_PATH),
    image: absoluteUrl(origin, SHARE_CARD_PATH),
    email: business.email,
    telephone: business.phoneHref.replace(/^tel:/, ''),
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.street,
      addressLocality: business.city,
      addressCountry: 'KE',
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: business.opens,
        closes: business.closes,
      },
    ],
    areaServed: ['KE', 'East Africa'],
    sameAs: business.social.map(({ href }) => href),
  };
}

/** A list page (courses, events, articles): each item by its position, name and own page. */
export function itemList(origin: string, name: string, items: { name: string; path: string }[]): WithContext<ItemList> {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: absoluteUrl(origin, item.path) })),
  };
}
