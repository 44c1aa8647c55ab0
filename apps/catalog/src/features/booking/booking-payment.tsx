import { getApiSettings, getPayment, startBookingPayment, type Booking } from '@agri/api-client';
import { Button, formatKes } from '@agri/ui';
import { LazyMount, LoadFailed } from '@agri/ui/federation';
import type { MpesaPaymentProps } from '@agri/ui/payments';
import { useState } from 'react';

// The payment's code (its form, its progress) loads when a visitor chooses to pay.
const loadMpesaPayment = () => import('@agri/ui/payments').then(({ MpesaPayment }) => ({ default: MpesaPayment }));

/**
 * A paid event's booking, just received: the visitor may pay their seat now by M-Pesa, with the payment token the
 * booking's answer carried (they have no account), or later when the team calls. Offered only where the API takes
 * M-Pesa (config.json) and its answer says how to pay; a booking already paid says so.
 */
export function BookingPayment({ booking }: { booking: Booking }) {
  const [paying, setPaying] = useState(false);
  const { paymentToken, event } = booking;
  if (booking.paidAt) return <p className="booking-payment">Your seat is paid. Thank you.</p>;
  if (getApiSettings().mpesa !== true || !paymentToken) return null;
  if (!paying) {
    return (
      <div className="booking-payment">
        <p>Pay {formatKes(event.price)} for your seat now with M-Pesa, or later when our team calls.</p>
        <Button onClick={() => setPaying(true)}>Pay with M-Pesa</Button>
      </div>
    );
  }
  return (
    <div className="booking-payment">
      <LazyMount<MpesaPaymentProps>
        moduleKey="catalog/mpesa-payment"
        load={loadMpesaPayment}
        props={{
          amount: event.price,
          knownPhone: booking.contactDetails.phone,
          start: (phone) => startBookingPayment({ bookingId: booking._id, bookingToken: paymentToken, phone }),
          follow: (id) => getPayment(id, paymentToken),
          // The panel shows the payment received, with its receipt: nothing else to change here.
          onPaid: () => undefined,
          onClose: () => setPaying(false),
        }}
        loading={<p role="status">Loading the payment...</p>}
        fallback={(retry) => <LoadFailed what="payment" onRetry={retry} />}
      />
    </div>
  );
}
