import { setupApiForTests, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { makePost } from '../../testing/make-post';
import { blogPostingData } from './structured-data';

const ORIGIN = 'https://mavunoagrifood.co.ke';

beforeAll(() => setupApiForTests());

describe('an article’s structured data', () => {
  it('has the headline, the date published, a picture, and who writes and publishes it', () => {
    const post = makePost({ _id: 'p1', title: 'Aflatoxin </script> control', createdAt: '2026-03-04T08:00:00.000Z', images: [{ url: '/uploads/maize.jpg' }] });
    expect(blogPostingData(ORIGIN, post)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Aflatoxin </script> control',
      datePublished: '2026-03-04T08:00:00.000Z',
      // The API's picture, read where the API serves it (pictureUrl).
      image: [new URL('/uploads/maize.jpg', TEST_API_BASE_URL).href],
      author: { '@type': 'Organization', name: 'Mavuno Agri-Food Consultants' },
      publisher: { '@type': 'Organization', name: 'Mavuno Agri-Food Consultants', logo: `${ORIGIN}/logo.png` },
      mainEntityOfPage: `${ORIGIN}/blog/p1`,
    });
  });

  it('keeps a headline within Google’s 110 characters and falls back to the business’s card', () => {
    const data = blogPostingData(ORIGIN, makePost({ _id: 'p2', title: 'A'.repeat(140), images: [] }));
    expect(String(data.headline).length).toBeLessThanOrEqual(110);
    expect(data.image).toEqual([`${ORIGIN}/share-card.png`]);
  });
});
