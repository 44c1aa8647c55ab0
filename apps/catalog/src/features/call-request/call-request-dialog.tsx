import type { ContactDetails, Course } from '@agri/api-client';
import { Dialog, formatKes } from '@agri/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ContactDetailsForm } from '../contact-details/contact-details-form';
import { RequestConfirmation } from '../contact-details/request-confirmation';
import { useCourseRequestStore } from './course-request-store';

interface CallRequestDialogProps {
  course: Course;
  open: boolean;
  onClose: () => void;
}

/** Asks the team to call about a course: contact details in, 'Your Call Request has been received!' out. */
export function CallRequestDialog({ course, open, onClose }: CallRequestDialogProps) {
  const isLoading = useCourseRequestStore((state) => state.isLoading);
  const isSuccess = useCourseRequestStore((state) => state.isSuccess);
  const errorMessage = useCourseRequestStore((state) => (state.isError ? state.message : undefined));
  const navigate = useNavigate();

  useEffect(() => () => useCourseRequestStore.getState().reset(), []);

  const close = () => {
    useCourseRequestStore.getState().reset();
    onClose();
  };

  const request = async (contactDetails: ContactDetails) => {
    await useCourseRequestStore.getState().run({
      contactDetails,
      course: { id: course._id, title: course.title, price: course.price, duration: course.duration },
    });
    // As with bookings: any 2xx is a request received.
    const { isSuccess, message } = useCourseRequestStore.getState();
    if (isSuccess) toast.success('Booking Created successfully!');
    else toast.error(message);
  };

  return (
    <Dialog open={open} onClose={close} title="Request a call" closeOnBackdropClick={false}>
      {isSuccess ? (
        <RequestConfirmation
          heading="Your Call Request has been received!"
          onBack={close}
          onGoHome={() => {
            close();
            void navigate('/');
          }}
        />
      ) : (
        <>
          <p className="contact-details-form__summary">
            <strong>{course.title}</strong>
            {course.duration} · {formatKes(course.price)} · Our team will call you to talk it through.
          </p>
          <ContactDetailsForm
            submitLabel="Request Call"
            isSubmitting={isLoading}
            errorMessage={errorMessage}
            onSubmit={request}
            onCancel={close}
          />
        </>
      )}
    </Dialog>
  );
}
