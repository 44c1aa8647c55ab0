import { createDataArea, getCourse, getCourses } from '@agri/api-client';

/** The course list of /courses. */
export const useCoursesStore = createDataArea('catalog/courses', getCourses);

/** The one course /course/:id shows. */
export const useCourseStore = createDataArea('catalog/course', getCourse);
