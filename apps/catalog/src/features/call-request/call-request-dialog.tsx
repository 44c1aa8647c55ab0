import type { ContactDetails, Course } from '@agri/api-client';
import { formatKes } from '@agri/ui';
import { RequestDialog, type RequestDialogState } from '../contact-details/request-dialog';
import { useCourseRequestStore } from './course-request-store';

/** Asks the team to call about a course: contact details in, 'Your Call Request has been received!' out. */
interface CallRequestDialogProps extends RequestDialogState {
  course: Course;
}

export function CallRequestDialog({ course, ...dialog }: CallRequestDialogProps) {
  const requestFor = (contactDetails: ContactDetails) => ({
    contactDetails,
    course: { id: course._id, title: course.title, price: course.price, duration: course.duration },
  });
  const summary = (
    <>
      <strong>{course.title}</strong>
      {course.duration} · {formatKes(course.price)} · Our team will call you to talk it through.
    </>
  );
  return (
    <RequestDialog
      area={useCourseRequestStore}
      requestFor={requestFor}
      title="Request a call"
      summary={summary}
      submitLabel="Request Call"
      received="Your Call Request has been received!"
      {...dialog}
    />
  );
}
