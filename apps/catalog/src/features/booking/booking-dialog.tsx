import type { ContactDetails, Event } from '@agri/api-client';
import { formatKes } from '@agri/ui';
import { formatDateRange } from '@agri/ui/dates';
import { RequestDialog, type RequestDialogState } from '../contact-details/request-dialog';
import { cityOf, venueOf } from '../events/event-place';
import { BookingPayment } from './booking-payment';
import { useBookingStore } from './booking-store';

interface BookingDialogProps extends RequestDialogState {
  event: Event;
}

/** Books a seat at an event: contact details in, 'Your booking has been received!' out, and a paid event's seat paid. */
export function BookingDialog({ event, ...dialog }: BookingDialogProps) {
  const place = `${venueOf(event)}, ${cityOf(event)}`;
  const requestFor = (contactDetails: ContactDetails) => ({
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
