import type { Course } from '@agri/api-client';
import { Button, ItemPageView, PageHead, StructuredDataScript, htmlToText, pageTitle, truncateText, toast, useInteractive, usePageDialog } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { SafeHtml } from '@agri/ui/rich-text';
import { CourseCartAction } from '../../features/cart/course-cart-action';
import { CallRequestDialog } from '../../features/call-request/call-request-dialog';
import { useCourseStore } from '../../features/courses/courses-store';
import { courseData } from '../../features/seo/structured-data';
import { ChatEnquiryLink } from '../../features/detail/chat-enquiry-link';
import { DetailPage, DetailSkeleton } from '../../features/detail/detail-page';
import { currentPageUrl } from '../../shared/current-page-url';
import './course-page.css';

function CourseFacts({ course }: { course: Course }) {
  const facts: Array<[string, string]> = [
    ['Lectures', course.lectures === undefined ? 'N/A' : String(course.lectures)],
    ['Duration', course.duration],
    ['Skill level', course.skillLevel?.trim() || 'All Levels'],
    ['Language', course.language?.trim() || 'English'],
    ['Certificate', course.certificate ? 'Yes' : 'No'],
  ];
  return (
    <dl className="course-card__facts ui-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CourseDetails({ course }: { course: Course }) {
  const interactive = useInteractive();
  // In the page, form and all: Request Call opens it at the first tap, before the page's code has come.
  const callRequest = usePageDialog('request-call');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(currentPageUrl());
      toast.success('Course link copied to clipboard!');
    } catch {
      toast.error('The link could not be copied. Please copy it from the address bar.');
    }
  };

  return (
    <>
      <PageHead
        title={pageTitle(course.title)}
        description={truncateText(htmlToText(course.description) || course.objective, 155)}
        keywords={`${course.title}, ${course.category}, agri-food training Kenya`}
      />
      <StructuredDataScript data={courseData(window.location.origin, course)} />
      <DetailPage
        page="course-page"
        list={{ label: 'Courses', to: '/courses' }}
        title={course.title}
        summary={
          <ul className="course-page__meta" aria-label="Course summary">
            <li>
              <span className="detail-label">Lecturer</span> {course.lecturer}
            </li>
            <li>
              <span className="detail-label">Category</span> {course.category}
            </li>
            <li>
              <span className="detail-label">Duration</span> {course.duration}
            </li>
          </ul>
        }
        mainClassName="course-page__main"
        card={{
          label: 'Course price and actions',
          className: 'course-card',
          price: course.price,
          children: (
            <>
              <div className="course-card__actions">
                <Button {...callRequest.button}>Request Call</Button>
                <ChatEnquiryLink about={`the course "${course.title}"`} price={course.price} />
                <CourseCartAction course={course} />
              </div>
              <CourseFacts course={course} />
              <button type="button" className="course-card__copy" onClick={() => void copyLink()} disabled={!interactive}>
                Copy Course Link
              </button>
            </>
          ),
        }}
      >
        <section aria-labelledby="about-course" className="course-page__section">
          <h2 id="about-course">About Course</h2>
          <SafeHtml html={course.description} className="course-page__html" />
        </section>
        <section aria-labelledby="what-you-learn" className="course-page__section">
          <h2 id="what-you-learn">What Will You learn</h2>
          <SafeHtml html={course.whatYouWillEarn[0]} className="course-page__html" />
        </section>
      </DetailPage>
      <CallRequestDialog course={course} {...callRequest.dialog} />
    </>
  );
}

/**
 * One course with its call request, chat enquiry, cart and share actions: an island, hydrated at the first tap in it
 * or when the course changed.
 */
export function CourseArticle() {
  return (
    <article className="course-page">
      <ItemPageView
        useArea={useCourseStore}
        placeholder={<DetailSkeleton page="course-page" cardClassName="course-card" />}
        loadingLabel="Loading course"
        notFound={{
          title: 'Course not found',
          text: 'This course may have ended or moved. Browse our current courses instead.',
          link: { to: '/courses', label: 'See all courses' },
        }}
        failure={{ title: 'We could not load this course' }}
      >
        {(shown) => <CourseDetails course={shown} />}
      </ItemPageView>
    </article>
  );
}

/** /course/:id. */
export default function CoursePage() {
  return <Island name="catalog/course" component={CourseArticle} props={{}} hydration={['changed', 'interaction']} />;
}
