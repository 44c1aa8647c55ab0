import { ButtonLink, ListAreaView, Skeleton, StatusPanel, TableHead } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { useDataAreaFor, type Course } from '@agri/api-client';
import type { ReactNode } from 'react';
import { useCoursesStore } from '../../features/courses/courses-store';
import './courses-page.css';

const SKELETON_ROWS = 10;
const coursePath = (course: Course) => `/course/${encodeURIComponent(course._id)}`;
const COLUMNS = ['No.', 'Course Name', 'Objective', 'Target Group', 'Duration', 'Action'] as const;

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr key={row} className="courses-table__row" data-testid="course-skeleton-row">
      {COLUMNS.map((column) => (
        <td key={column} data-label={column}>
          <Skeleton height="1.1em" width={column === 'No.' ? '2ch' : '90%'} />
        </td>
      ))}
    </tr>
  ));
}

/** The table of courses: the rows given (placeholders while the courses load). */
function CoursesTable({ rows }: { rows: ReactNode }) {
  return (
    <div className="courses-table__wrap">
      <table className="courses-table">
        <caption className="visually-hidden">Courses, with their objective, target group and duration</caption>
        <TableHead columns={COLUMNS} />
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

function CourseRows({ courses }: { courses: Course[] }) {
  return courses.map((course, index) => (
    <tr key={course._id} className="courses-table__row">
      <td data-label="No.">{index + 1}</td>
      <th scope="row" data-label="Course Name" className="courses-table__name">
        {course.title}
      </th>
      <td data-label="Objective">{course.objective}</td>
      <td data-label="Target Group">{course.targetGroup}</td>
      <td data-label="Duration">{course.duration}</td>
      <td data-label="Action">
        <ButtonLink to={coursePath(course)} aria-label={`View ${course.title}`} className="courses-table__view">
          View
        </ButtonLink>
      </td>
    </tr>
  ));
}

/** Every course in a table that turns into cards on a phone (an island: it acts only when the list changes). */
export function CourseList() {
  const area = useDataAreaFor(useCoursesStore);
  return (
    <ListAreaView
      area={area}
      listName="Courses"
      pathOf={coursePath}
      placeholder={<CoursesTable rows={<SkeletonRows />} />}
      loadingLabel="Loading courses"
      failure={{ title: 'We could not load the courses' }}
      empty={
        <StatusPanel title="No courses yet" actions={<ButtonLink to="/contact">Contact Us</ButtonLink>}>
          New courses are being scheduled. Contact us to hear about the next intake.
        </StatusPanel>
      }
    >
      {(courses) => <CoursesTable rows={<CourseRows courses={courses} />} />}
    </ListAreaView>
  );
}

/** /courses. */
export default function CoursesPage() {
  return (
    <section className="page-section courses-page">
      <div className="container">
        <header className="ui-page-intro">
          <p className="ui-eyebrow">Training programmes</p>
          <h1>Our Courses</h1>
          <p>Practical food safety, quality and business courses for processors, farmers&apos; groups and agri-food SMEs across Kenya and East Africa.</p>
        </header>
        <Island name="catalog/courses" component={CourseList} props={{}} hydration="changed" />
      </div>
    </section>
  );
}
