import { renderToString } from 'react-dom/server';
import { itemList, localBusiness, structuredDataJson } from './structured-data';
import { StructuredDataScript } from './structured-data-script';

const ORIGIN = 'https://mavunoagrifood.co.ke';
const HOSTILE = 'HACCP </script><script>alert(1)</script> <!-- "quoted" \u2028 \u2029 & more';

describe('structured data', () => {
  it('stays data: no text can close its script element, open a comment or break a line in it', () => {
    const thing = { '@context': 'https://schema.org', '@type': 'Thing', name: HOSTILE } as const;
    const json = structuredDataJson(thing);
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(thing);

    const html = renderToString(<StructuredDataScript data={thing} />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toMatch(/^<script type="application\/ld\+json">/);
    const inner = /^<script[^>]*>(.*)<\/script>$/s.exec(html)![1]!;
    expect(JSON.parse(inner)).toEqual(thing);
  });

  it('names the business with what a local business result needs: name, address, contact, opening hours (spec section 9)', () => {
    const business = localBusiness(ORIGIN);
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Mavuno Agri-Food Consultants',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.png`,
      telephone: '+254722000000',
      address: { '@type': 'PostalAddress', addressLocality: 'Nairobi', addressCountry: 'KE' },
      openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '10:00', closes: '20:00' }],
    });
    expect(business).toHaveProperty('@type', expect.stringMatching(/Service|Business|Organization/));
  });

  it('lists a page’s items by position, name and absolute URL', () => {
    expect(
      itemList(ORIGIN, 'Courses', [
        { name: 'HACCP', path: '/course/c1' },
        { name: HOSTILE, path: '/course/c2' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Courses',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'HACCP', url: `${ORIGIN}/course/c1` },
        { '@type': 'ListItem', position: 2, name: HOSTILE, url: `${ORIGIN}/course/c2` },
      ],
    });
  });
});
