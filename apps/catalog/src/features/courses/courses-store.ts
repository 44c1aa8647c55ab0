import { getCourse, getCourses } from '@agri/api-client';
import { createDataArea } from '../../shared/data-area';

/** The course list of /courses. */
export const useCoursesStore = createDataArea(getCourses);

/** The one course /course/:id shows. */
export const useCourseStore = createDataArea(getCourse);
