import { Button, ButtonLink, Skeleton, StatusPanel } from '@agri/ui';
import { useDataAreaFor } from '@agri/api-client';
import { useCoursesStore } from '../../features/courses/courses-store';
import { asSentence } from '../../shared/sentence';
import './courses-page.css';

const SKELETON_ROWS = 10;
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

/** /courses: every course in a table that turns into cards on a phone. */
export default function CoursesPage() {
  const { data: courses, isLoading, isError, message, run } = useDataAreaFor(useCoursesStore);

  const showSkeleton = !courses && !isError;

  return (
    <section className="page-section courses-page">
      <div className="container">
        <header className="ui-page-intro">
          <p className="ui-eyebrow">Training programmes</p>
          <h1>Our Courses</h1>
          <p>
            Practical food safety, quality and business courses for processors, farmers&apos; groups and agri-food
            SMEs across Kenya and East Africa.
          </p>
        </header>

        {isError ? (
          <StatusPanel
            title="We could not load the courses"
            role="alert"
            actions={<Button onClick={() => void run()}>Try again</Button>}
          >
            {asSentence(message)} Please check your connection and try again.
          </StatusPanel>
        ) : courses && courses.length === 0 ? (
          <StatusPanel title="No courses yet" actions={<ButtonLink to="/contact">Contact Us</ButtonLink>}>
            New courses are being scheduled. Contact us to hear about the next intake.
          </StatusPanel>
        ) : (
          <div className="courses-table__wrap">
            <table className="courses-table" aria-busy={isLoading || showSkeleton}>
              <caption className="visually-hidden">Courses, with their objective, target group and duration</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {showSkeleton ? (
                  <SkeletonRows />
                ) : (
                  courses?.map((course, index) => (
                    <tr key={course._id} className="courses-table__row">
                      <td data-label="No.">{index + 1}</td>
                      <th scope="row" data-label="Course Name" className="courses-table__name">
                        {course.title}
                      </th>
                      <td data-label="Objective">{course.objective}</td>
                      <td data-label="Target Group">{course.targetGroup}</td>
                      <td data-label="Duration">{course.duration}</td>
                      <td data-label="Action">
                        <ButtonLink
                          to={`/course/${encodeURIComponent(course._id)}`}
                          aria-label={`View ${course.title}`}
                          className="courses-table__view"
                        >
                          View
                        </ButtonLink>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
            {showSkeleton ? (
              <p role="status" className="visually-hidden">
                Loading courses
              </p>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
