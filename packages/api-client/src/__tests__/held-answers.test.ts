import { http, HttpResponse } from 'msw';
import { getCourse, getCourses } from '../index';
import { holdAnswers } from '../held-answers';
import { apiUrl, delayedResponse, errorResponse, fixtures, malformedResponse, networkFailure, startMockApi } from '../testing';

// Whether the API client's transport (axios) was loaded: a prerendered page's revalidation must not need it.
let mockTransportLoaded = false;
jest.mock('../transport', () => {
  mockTransportLoaded = true;
  return jest.requireActual('../transport');
});

const server = startMockApi();
afterEach(() => holdAnswers({}));

const [course] = fixtures.courses;
/** The course list, answering 304 to its ETag; records the If-None-Match of each request. */
function coursesWithTag(tag: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(apiUrl('course'), ({ request }) => {
      seen.push(request.headers.get('If-None-Match'));
      return request.headers.get('If-None-Match') === tag ? new HttpResponse(null, { status: 304 }) : HttpResponse.json(fixtures.courses);
    }),
  );
  return seen;
}

describe("a prerendered page's answers, asked again", () => {
  it('asks once with its ETag; a 304 is an error of status 304, and the transport is not loaded for it', async () => {
    const seen = coursesWithTag('"courses-v1"');
    holdAnswers({ [apiUrl('course')]: '"courses-v1"', [apiUrl('blog')]: '"blog-v1"' });
    await expect(getCourses()).rejects.toMatchObject({ status: 304 });
    expect(mockTransportLoaded).toBe(false);
    // Only the first read: after it the browser's own cache revalidates, through the transport.
    await expect(getCourses()).resolves.toHaveLength(fixtures.courses.length);
    expect(seen).toEqual(['"courses-v1"', null]);
    expect(mockTransportLoaded).toBe(true);
  });

  it('a changed answer is read and checked against the contract as any other', async () => {
    const seen = coursesWithTag('"courses-v2"');
    holdAnswers({ [apiUrl('course')]: '"courses-v1"' });
    await expect(getCourses()).resolves.toEqual(fixtures.courses);
    expect(seen).toEqual(['"courses-v1"']);
  });

  const path = `course/${course!._id}`;
  it.each([
    ['an error status', errorResponse('get', path, { status: 500, message: 'down' }), { kind: 'http', status: 500, message: 'Error getting course' }],
    ['a malformed body', malformedResponse('get', path), { kind: 'malformed', message: 'Error getting course' }],
    ['a body that is not JSON', http.get(apiUrl(path), () => new HttpResponse('<html>proxy error</html>')), { kind: 'malformed' }],
    ['no answer at all', networkFailure('get', path), { kind: 'network', message: 'Error getting course' }],
    ['no answer in time', delayedResponse('get', path, 1_000), { kind: 'timeout', message: 'Error getting course' }],
  ])('%s fails as the same call through the transport would', async (_case, handler, failure) => {
    server.use(handler);
    holdAnswers({ [apiUrl(path)]: '"course-v1"' });
    await expect(getCourse(course!._id)).rejects.toMatchObject(failure);
  });
});
