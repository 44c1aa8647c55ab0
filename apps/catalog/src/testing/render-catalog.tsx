import { delayedResponse, startMockApi } from '@agri/api-client/testing';
import { renderRoutes } from '@agri/ui/testing';
import { useBookingStore } from '../features/booking/booking-store';
import { useCourseRequestStore } from '../features/call-request/course-request-store';
import { useCourseStore, useCoursesStore } from '../features/courses/courses-store';
import { useEventStore, useEventsStore } from '../features/events/events-store';
import UpcomingEvents from '../fragments/upcoming-events';
import CoursePage from '../pages/course/course-page';
import CoursesPage from '../pages/courses/courses-page';
import EventPage from '../pages/event/event-page';
import EventsPage from '../pages/events/events-page';

/** msw answering every contract call from the fixtures, started for any test file that imports this module; tests override single calls with server.use. */
// A roomier time limit than the default: the shared machine is slow on a file's first call.
export const server = startMockApi({ timeoutMs: 5000 });

/** Puts every catalog store back between tests (the mock API resets itself). */
export function resetCatalogStoresBetweenTests(): void {
  afterEach(() => {
    [useCoursesStore, useCourseStore, useEventsStore, useEventStore, useBookingStore, useCourseRequestStore].forEach((store) => store.getState().reset());
  });
}

/** Renders the catalog's pages at `path`, with stand-ins for the pages of other remotes. */
export function renderCatalog(path: string) {
  return renderRoutes(
    {
      '/courses': <CoursesPage />,
      '/course/:id': <CoursePage />,
      '/events': <EventsPage />,
      '/event/:id': <EventPage />,
      '/fragment': <UpcomingEvents />,
      '/login': <h1>Log in</h1>,
      '/': <h1>Home</h1>,
    },
    path,
  );
}

/** Renders `path` with the API's answer to `call` (a GET, e.g. 'course/:id') held back: the page as it looks while it loads. */
export function renderCatalogWhileLoading(path: string, call: string) {
  server.use(delayedResponse('get', call, 200));
  return renderCatalog(path);
}
