import { KENYA_UTC_OFFSET, type Course, type Event } from '@agri/api-client';
import { absoluteUrl, htmlToText, organizationReference, picturesOf, SCHEMA_ORG, type SchemaOrg } from '@agri/ui';

/** A course's length in ISO 8601 ('3 days' → P3D), when its free text says it plainly. */
export function workloadOf(duration: string): string | undefined {
  const match = /^\s*(\d+)\s*(hour|day|week|month)s?\s*$/i.exec(duration);
  if (!match) return undefined;
  const [, count, unit] = match;
  const lower = unit!.toLowerCase();
  return lower === 'hour' ? `PT${count}H` : `P${count}${lower === 'day' ? 'D' : lower === 'week' ? 'W' : 'M'}`;
}

/** /course/:id: the course, its provider and its price (Google's course info). */
export function courseData(origin: string, course: Course): SchemaOrg.WithContext<SchemaOrg.Course> {
  const url = absoluteUrl(origin, `/course/${encodeURIComponent(course._id)}`);
  const workload = workloadOf(course.duration);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Course',
    '@id': url,
    url,
    name: course.title,
    description: htmlToText(course.description) || course.objective,
    ...(course.updatedAt ? { dateModified: course.updatedAt } : {}),
    provider: organizationReference(origin),
    inLanguage: course.language?.trim() || 'English',
    educationalLevel: course.skillLevel?.trim() || 'All Levels',
    ...(course.certificate ? { educationalCredentialAwarded: 'Certificate of completion' } : {}),
    offers: [{ '@type': 'Offer', category: 'Paid', price: course.price, priceCurrency: 'KES', url }],
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Onsite',
        instructor: { '@type': 'Person', name: course.lecturer },
        ...(workload ? { courseWorkload: workload } : {}),
      },
    ],
  };
}

/** A date and time of day in Kenya, as ISO 8601 with its offset. */
const kenyanDateTime = (date: string, time: string) => `${date}T${time}:00${KENYA_UTC_OFFSET}`;

/** /event/:id: the event, when and where, and its price (Google's event results). */
export function eventData(origin: string, event: Event): SchemaOrg.WithContext<SchemaOrg.Event> {
  const url = absoluteUrl(origin, `/event/${encodeURIComponent(event._id)}`);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Event',
    '@id': url,
    url,
    name: event.title,
    description: htmlToText(event.description),
    ...(event.updatedAt ? { dateModified: event.updatedAt } : {}),
    startDate: kenyanDateTime(event.startDate, event.startTime),
    endDate: kenyanDateTime(event.endDate, event.endTime),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.venue?.trim() || 'Venue to be announced',
      address: { '@type': 'PostalAddress', ...(event.city?.trim() ? { addressLocality: event.city.trim() } : {}), addressCountry: 'KE' },
    },
    image: picturesOf(origin, event.images),
    ...(event.speaker.trim() ? { performer: { '@type': 'Person', name: event.speaker.trim() } } : {}),
    organizer: organizationReference(origin),
    offers: { '@type': 'Offer', price: event.price, priceCurrency: 'KES', availability: 'https://schema.org/InStock', url },
  };
}
