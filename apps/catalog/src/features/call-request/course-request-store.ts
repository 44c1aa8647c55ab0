import { createDataArea, requestCourseCall } from '@agri/api-client';

/** The course call request sent from the call-request dialog; it has its own reset. */
export const useCourseRequestStore = createDataArea('catalog/course-request', requestCourseCall);
