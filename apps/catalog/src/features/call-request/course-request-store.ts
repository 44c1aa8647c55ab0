import { requestCourseCall } from '@agri/api-client';
import { createDataArea } from '../../shared/data-area';

/** The course call request sent from the call-request dialog; it has its own reset. */
export const useCourseRequestStore = createDataArea(requestCourseCall);
