import { bookingRequestFor, cityOf, type ContactDetails, type Event, venueOf } from '@agri/api-client';
import { formatKes } from '@agri/ui';
import { formatDateRange } from '@agri/ui/dates';
import { RequestDialog, type RequestDialogState } from '../contact-details/request-dialog';
import { BookingPayment } from './booking-payment';
import { useBookingStore } from './booking-store';

interface BookingDialogProps extends RequestDialogState {
  event: Event;
}

/** Books a seat at an event: contact details in, 'Your booking has been received!' out, and a paid event's seat paid. */
export function BookingDialog({ event, ...dialog }: BookingDialogProps) {
  const place = `${venueOf(event)}, ${cityOf(event)}`;
  const requestFor = (contactDetails: ContactDetails) => bookingRequestFor(event, contactDetails);
  return (
    <RequestDialog
      area={useBookingStore}
      requestFor={requestFor}
      title="Book this event"
      summary={
        <>
          <strong>{event.title}</strong>
          {formatDateRange(event.startDate, event.endDate)} · {place} · {formatKes(event.price)}
        </>
      }
      submitLabel="Confirm Booking"
      received="Your booking has been received!"
      next={(booking) => (booking ? <BookingPayment booking={booking} /> : null)}
      {...dialog}
    />
  );
}
