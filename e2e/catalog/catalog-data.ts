import type { APIRequestContext } from '@playwright/test';
import { expect } from '../support/fixtures';

export interface CourseRow {
  _id: string;
  title: string;
  price: number;
}

export interface EventRow {
  _id: string;
  title: string;
  startDate: string;
  endDate: string;
}

/** The seeded courses, in the order /courses lists them. */
export async function seededCourses(request: APIRequestContext, apiBaseUrl: string): Promise<CourseRow[]> {
  const response = await request.get(`${apiBaseUrl}course`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as CourseRow[];
}

/** The seeded events that have not ended yet, soonest first, as /events shows them. */
export async function upcomingEvents(request: APIRequestContext, apiBaseUrl: string): Promise<EventRow[]> {
  const response = await request.get(`${apiBaseUrl}event`);
  expect(response.ok()).toBeTruthy();
  const { data } = (await response.json()) as { data: EventRow[] };
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return data.filter((event) => event.endDate >= today).sort((a, b) => a.startDate.localeCompare(b.startDate));
}
