import { fixtures, setupApiForTests, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { courseData, eventData, workloadOf } from './structured-data';

const ORIGIN = 'https://mavunoagrifood.co.ke';

// The event's data is made as its describe block is read.
setupApiForTests();
const HOSTILE = '</script><script>alert(1)</script>';

/** The value at a dotted path, arrays by index (e.g. 'offers.0.price'). */
const at = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);

/** Every path of `required` has a value (Google's required and recommended properties of the type). */
const missing = (data: unknown, required: string[]) => required.filter((path) => at(data, path) === undefined || at(data, path) === '');

describe('a course’s structured data', () => {
  const course = { ...fixtures.courses[0]!, title: `HACCP ${HOSTILE}`, description: `<p>Learn <b>HACCP</b> ${HOSTILE}</p>`, duration: '3 days' };
  const data = courseData(ORIGIN, course);

  it('has what Google’s course info needs', () => {
    expect(
      missing(data, [
        '@context',
        '@type',
        'name',
        'description',
        'provider.name',
        'provider.url',
        'offers.0.category',
        'offers.0.price',
        'offers.0.priceCurrency',
        'hasCourseInstance.0.courseMode',
        'hasCourseInstance.0.courseWorkload',
      ]),
    ).toEqual([]);
    expect(data).toMatchObject({ '@type': 'Course', url: `${ORIGIN}/course/${course._id}`, offers: [{ price: course.price, priceCurrency: 'KES' }] });
  });

  it('says the description as text, built from the same data as the page', () => {
    expect(data.name).toBe(course.title);
    expect(String(data.description)).toMatch(/^Learn HACCP/);
    expect(String(data.description)).not.toMatch(/<(p|b)>/);
  });

  it('says when the course last changed, when the API says so', () => {
    expect(courseData(ORIGIN, { ...course, updatedAt: '2026-11-20T07:00:00.000Z' }).dateModified).toBe('2026-11-20T07:00:00.000Z');
    expect(courseData(ORIGIN, { ...course, updatedAt: undefined })).not.toHaveProperty('dateModified');
  });

  it('gives the course’s length in ISO 8601 when its text says it plainly', () => {
    expect(['3 days', '1 day', '2 weeks', '6 hours', '3 months', 'Flexible'].map(workloadOf)).toEqual(['P3D', 'P1D', 'P2W', 'PT6H', 'P3M', undefined]);
  });
});

describe('an event’s structured data', () => {
  const event = { ...fixtures.events[0]!, title: `Food Safety Forum ${HOSTILE}` };
  const data = eventData(ORIGIN, event);

  it('has what Google’s event results need: name, start and end in Kenya’s time zone, the place, status and mode', () => {
    expect(
      missing(data, [
        '@context',
        'name',
        'startDate',
        'endDate',
        'location.name',
        'location.address.addressCountry',
        'eventStatus',
        'eventAttendanceMode',
        'image.0',
        'description',
        'offers.price',
        'offers.priceCurrency',
        'offers.availability',
        'offers.url',
        'organizer.name',
      ]),
    ).toEqual([]);
    expect(data.startDate).toBe(`${event.startDate}T${event.startTime}:00+03:00`);
    expect(data.endDate).toBe(`${event.endDate}T${event.endTime}:00+03:00`);
    expect(data).toMatchObject({
      '@type': 'Event',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    });
  });

  it('names the venue and city the page shows, or says the venue is still to come', () => {
    expect(eventData(ORIGIN, { ...event, venue: 'KICC', city: 'Nairobi' }).location).toEqual({
      '@type': 'Place',
      name: 'KICC',
      address: { '@type': 'PostalAddress', addressLocality: 'Nairobi', addressCountry: 'KE' },
    });
    expect(eventData(ORIGIN, { ...event, venue: undefined, city: undefined }).location).toEqual({
      '@type': 'Place',
      name: 'Venue to be announced',
      address: { '@type': 'PostalAddress', addressCountry: 'KE' },
    });
  });

  it('shows the event’s own pictures, absolute, where the site reads them, or the business’s card', () => {
    const images = [{ url: '/uploads/forum.jpg' }, { url: '/static/events/forum.svg' }, { url: 'javascript:alert(1)' }];
    // A path the API gives is the API's; the pictures the site passes on to it are on the site's origin.
    setupApiForTests({ picturesPath: '/static/' });
    expect(eventData(ORIGIN, { ...event, images }).image).toEqual([new URL('/uploads/forum.jpg', TEST_API_BASE_URL).href, `${ORIGIN}/static/events/forum.svg`]);
    setupApiForTests();
    expect(eventData(ORIGIN, { ...event, images }).image).toEqual([
      new URL('/uploads/forum.jpg', TEST_API_BASE_URL).href,
      new URL('/static/events/forum.svg', TEST_API_BASE_URL).href,
    ]);
    expect(eventData(ORIGIN, { ...event, images: [] }).image).toEqual([`${ORIGIN}/share-card.png`]);
  });
});
