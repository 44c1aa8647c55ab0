import type { ContactDetails, Event } from '@agri/api-client';
import { Dialog, formatDateRange, formatKes } from '@agri/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ContactDetailsForm } from '../contact-details/contact-details-form';
import { RequestConfirmation } from '../contact-details/request-confirmation';
import { cityOf, venueOf } from '../events/event-place';
import { useBookingStore } from './booking-store';

interface BookingDialogProps {
  event: Event;
  open: boolean;
  onClose: () => void;
}

/** Books a seat at an event: contact details in, 'Your booking has been received!' out. */
export function BookingDialog({ event, open, onClose }: BookingDialogProps) {
  const isLoading = useBookingStore((state) => state.isLoading);
  const isSuccess = useBookingStore((state) => state.isSuccess);
  const errorMessage = useBookingStore((state) => (state.isError ? state.message : undefined));
  const navigate = useNavigate();

  // A booking made earlier (or on another event) must not greet the next opening.
  useEffect(() => () => useBookingStore.getState().reset(), []);

  const close = () => {
    useBookingStore.getState().reset();
    onClose();
  };

  const book = async (contactDetails: ContactDetails) => {
    await useBookingStore.getState().run({
      contactDetails,
      event: {
        id: event._id,
        title: event.title,
        startDate: event.startDate,
        endDate: event.endDate,
        price: event.price,
        venue: venueOf(event),
        city: cityOf(event),
      },
    });
    // Any 2xx is a booking made, even when the server's answer does not describe it.
    const { isSuccess, message } = useBookingStore.getState();
    if (isSuccess) toast.success('Booking Created successfully!');
    else toast.error(message);
  };

  return (
    <Dialog open={open} onClose={close} title="Book this event" closeOnBackdropClick={false}>
      {isSuccess ? (
        <RequestConfirmation
          heading="Your booking has been received!"
          onBack={close}
          onGoHome={() => {
            close();
            void navigate('/');
          }}
        />
      ) : (
        <>
          <p className="contact-details-form__summary">
            <strong>{event.title}</strong>
            {formatDateRange(event.startDate, event.endDate)} · {venueOf(event)}, {cityOf(event)} · {formatKes(event.price)}
          </p>
          <ContactDetailsForm
            submitLabel="Confirm Booking"
            isSubmitting={isLoading}
            errorMessage={errorMessage}
            onSubmit={book}
            onCancel={close}
          />
        </>
      )}
    </Dialog>
  );
}
