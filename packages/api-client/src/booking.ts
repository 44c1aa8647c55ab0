import {
  type Booking,
  type BookingRequest,
  bookingRequestSchema,
  bookingSchema,
  type CourseCallRequest,
  type CourseCallRequestRecord,
  courseCallRequestRecordSchema,
  courseCallRequestSchema,
} from './contract/booking';
import { anyReplySchema, readAnswer } from './contract/reader';
import { checkRequest } from './http';
import { callOrKeep } from './outbox';

/** The catalogue: the server's message, else the error's own, else 'Something went wrong!'. */
const requestErrors = { fallback: 'Something went wrong!', useServerMessage: true };

/**
 * POST booking/ (second API base): books an event. Any 2xx is a booking made; resolves with the stored
 * booking when the server's answer describes it, else null (a bare echo, or nothing).
 */
export async function bookEvent(request: BookingRequest): Promise<Booking | null> {
  const body = checkRequest(bookingRequestSchema, request, requestErrors);
  const reply = await callOrKeep('booking', { method: 'POST', path: 'booking/', base: 'requests', body, response: anyReplySchema, errors: requestErrors });
  return readAnswer('POST booking/', bookingSchema, reply).data ?? null;
}

/** POST course-request/ (second API base): asks the team to call about a course; answers as `bookEvent` does. */
export async function requestCourseCall(request: CourseCallRequest): Promise<CourseCallRequestRecord | null> {
  const body = checkRequest(courseCallRequestSchema, request, requestErrors);
  const reply = await callOrKeep('course-call', {
    method: 'POST',
    path: 'course-request/',
    base: 'requests',
    body,
    response: anyReplySchema,
    errors: requestErrors,
  });
  return readAnswer('POST course-request/', courseCallRequestRecordSchema, reply).data ?? null;
}
