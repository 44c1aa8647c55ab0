import { type Course, courseListSchema, courseSchema } from './contract/courses';
import { call, segment } from './http';

/** GET course: every course. */
export const getCourses = (): Promise<Course[]> =>
  call({ method: 'GET', path: 'course', response: courseListSchema, errors: { fallback: 'Error getting courses' } });

/** GET course/{id}: one course. A signed-in customer's view is added to their recently viewed list. */
export const getCourse = (id: string): Promise<Course> =>
  call({
    method: 'GET',
    path: `course/${segment(id)}`,
    auth: 'optional',
    response: courseSchema,
    errors: { fallback: 'Error getting course' },
  });
