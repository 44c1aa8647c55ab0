import { createRequire } from 'node:module';
import type { Course, Event } from '@agri/api-client';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../support/fixtures';

// The workspace packages are TypeScript without "type": "module"; Playwright loads them as CommonJS.
const { courseListSchema, eventListResponseSchema, kenyanDate } = createRequire(import.meta.url)('@agri/api-client') as typeof import('@agri/api-client');

// Seeded data read with the contract's own reader, so a test sees it as the site does, whichever
// dialect the API speaks (API_DIALECT=hosted sends date-times and prices as strings).

/** The seeded courses, in the order /courses lists them. */
export async function seededCourses(request: APIRequestContext, apiBaseUrl: string): Promise<Course[]> {
  const response = await request.get(`${apiBaseUrl}course`);
  expect(response.ok()).toBeTruthy();
  return courseListSchema.parse(await response.json());
}

/** The seeded events that have not ended yet (in Kenya), soonest first, as /events shows them. */
export async function upcomingEvents(request: APIRequestContext, apiBaseUrl: string): Promise<Event[]> {
  const response = await request.get(`${apiBaseUrl}event`);
  expect(response.ok()).toBeTruthy();
  const { data } = eventListResponseSchema.parse(await response.json());
  const today = kenyanDate(new Date());
  return data.filter((event) => event.endDate >= today).sort((a, b) => a.startDate.localeCompare(b.startDate));
}
